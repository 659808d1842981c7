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
