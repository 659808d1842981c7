// Runtime: errors as "file:line:col: message (in 'f', called from 'g' at file:line:col)".
#include "engine/galaxy/runtime.h"

namespace sc2::galaxy {

namespace {

constexpr std::size_t kCallersShown = 4;

}  // namespace

void Runtime::report(std::string text) {
  ++error_count_;
  if (errors_.size() < limits_.max_errors_kept) errors_.push_back(std::move(text));
}

void Runtime::thread_error(Thread& thread, std::uint32_t pc, std::string_view message) {
  const CompiledProgram& program = *program_;
  std::string text = program.describe(pc) + ": " + std::string(message);
  if (!thread.frames.empty()) {
    const auto name_of = [&](const Frame& frame) {
      return program.functions[static_cast<std::size_t>(frame.function)].name;
    };
    text += " (in '" + name_of(thread.frames.back()) + "'";
    // frames[i + 1].return_pc - 1 is the call instruction in frame i.
    std::size_t shown = 0;
    for (std::size_t i = thread.frames.size() - 1; i > 0 && shown < kCallersShown; --i, ++shown) {
      text += ", called from '" + name_of(thread.frames[i - 1]) + "' at " +
              program.describe(thread.frames[i].return_pc - 1);
    }
    if (thread.frames.size() - 1 > kCallersShown) text += ", ...";
    text += ")";
  }
  report(std::move(text));
  if (&thread != current_) return;
  thread.state = ThreadState::Dead;
}

bool Runtime::spend(std::int64_t instructions) {
  loop_fuel_ -= instructions;
  call_fuel_ -= instructions;
  return have_fuel();
}

void Runtime::out_of_budget(std::string_view what) {
  if (budget_reported_loop_ == now_) return;  // one report a loop: the host may fire many events
  budget_reported_loop_ = now_;
  const bool loop = loop_fuel_ <= 0;
  report(program_->program->files.name(0) + ": the script ran more than " +
         std::to_string(loop ? limits_.instructions_per_loop : limits_.instructions_per_call) + " instructions " +
         (loop ? "in game loop " + std::to_string(now_) : std::string("in one call into the runtime")) + ": " +
         std::string(what) + " (an endless loop?)");
}

bool Runtime::before_init(std::string_view entry) {
  if (initialized_) return false;
  report(std::string(entry) + " was called before run_map_init");
  return true;
}

std::string Runtime::budget_message(const Thread& thread) const {
  (void)thread;
  if (loop_fuel_ <= 0) {
    return "the script ran more than " + std::to_string(limits_.instructions_per_loop) + " instructions in game loop " +
           std::to_string(now_) + ": thread stopped (an endless loop?)";
  }
  return "the script ran more than " + std::to_string(limits_.instructions_per_call) +
         " instructions in one call into the runtime: thread stopped (an endless loop?)";
}

}  // namespace sc2::galaxy
