// The interpreter: one loop over the bytecode of one thread. Script calls push a frame on the
// thread's own stack (no C++ recursion); a native that waits or starts a thread makes it return
// with the thread's state saved. Every instruction costs one unit of the instruction budgets.
#include <algorithm>
#include <exception>
#include <string>

#include "engine/galaxy/library.h"
#include "engine/galaxy/runtime.h"

namespace sc2::galaxy {

namespace {

// Work that is not one instruction is charged as instructions (runtime_limits.h).
constexpr std::uint32_t kCellsPerInstruction = 8;  // clearing a frame or a local array
constexpr std::size_t kBytesPerInstruction = 32;   // joining strings

// Runs a native; what it throws (the host's own failure, memory running out) fails the call,
// so the thread stops with an error and the runtime is left as after any failed call.
void call_native(const NativeFunction& native, NativeCall& call) {
  try {
    native(call);
  } catch (const std::exception& error) {
    call.fail(std::string("the game failed: ") + error.what());
  } catch (...) {
    call.fail("the game failed (an unknown exception)");
  }
}

}  // namespace

Runtime::SliceEnd Runtime::execute(Thread& thread) {
  const CompiledProgram& program = *program_;
  const Instruction* const code = program.code.data();
  const CompiledFunction* const functions = program.functions.data();
  Value* const globals = globals_.data();
  Value* stack = thread.stack.data();
  Value* locals = stack + thread.frames.back().base;
  std::uint32_t pc = thread.pc;
  std::uint32_t sp = thread.sp;

  const std::int64_t fuel_at_start = std::min(loop_fuel_, call_fuel_);
  std::int64_t fuel = fuel_at_start;
  const auto stop = [&](SliceEnd end) {
    thread.pc = pc;
    thread.sp = sp;
    loop_fuel_ -= fuel_at_start - fuel;
    call_fuel_ -= fuel_at_start - fuel;
    return end;
  };
  // An error in the instruction just run (pc has moved past it).
  const auto fail = [&](std::string_view message) {
    stop(SliceEnd::Failed);
    thread_error(thread, pc - 1, message);
    return SliceEnd::Failed;
  };

  for (;;) {
    if (--fuel < 0) {
      ++fuel;
      stop(SliceEnd::Failed);
      thread_error(thread, pc, budget_message(thread));
      return SliceEnd::Failed;
    }
    const Instruction in = code[pc++];
    switch (in.op) {
      case Op::PushInt: stack[sp++] = Value::from_int(in.a); break;
      case Op::LoadLocal: stack[sp++] = locals[in.a]; break;
      case Op::StoreLocal: locals[in.a] = stack[--sp]; break;
      case Op::LoadGlobal: stack[sp++] = globals[in.a]; break;
      case Op::StoreGlobal: globals[in.a] = stack[--sp]; break;

      case Op::IndexStep: {
        const IndexStep& step = program.index_steps[static_cast<std::size_t>(in.a)];
        const std::int32_t index = stack[--sp].as_int();
        if (index < 0 || index >= step.size) {
          return fail("index " + std::to_string(index) + " is outside " + step.array + " (0 to " +
                      std::to_string(step.size - 1) + ")");
        }
        stack[sp - 1] = Value::from_int(stack[sp - 1].as_int() + index * step.stride);
        break;
      }
      case Op::LoadLocalAt: stack[sp - 1] = locals[stack[sp - 1].as_int()]; break;
      case Op::LoadGlobalAt: stack[sp - 1] = globals[stack[sp - 1].as_int()]; break;
      case Op::StoreLocalAt: sp -= 2; locals[stack[sp].as_int()] = stack[sp + 1]; break;
      case Op::StoreGlobalAt: sp -= 2; globals[stack[sp].as_int()] = stack[sp + 1]; break;
      case Op::ClearLocals: {
        const LocalArray& array = program.local_arrays[static_cast<std::size_t>(in.a)];
        std::fill_n(locals + array.cell, array.count, Value{});
        fuel -= array.count / kCellsPerInstruction;
        break;
      }
      case Op::Dup: stack[sp] = stack[sp - 1]; ++sp; break;
      case Op::Pop: --sp; break;

#define SC2_GALAXY_BINARY(expression)             \
  {                                               \
    const std::int32_t b = stack[--sp].as_int();  \
    const std::int32_t a = stack[sp - 1].as_int(); \
    stack[sp - 1] = (expression);                 \
    break;                                        \
  }
      case Op::AddInt: SC2_GALAXY_BINARY(Value::from_int(int_add(a, b)))
      case Op::SubtractInt: SC2_GALAXY_BINARY(Value::from_int(int_subtract(a, b)))
      case Op::MultiplyInt: SC2_GALAXY_BINARY(Value::from_int(int_multiply(a, b)))
      case Op::ShiftLeft: SC2_GALAXY_BINARY(Value::from_int(int_shift_left(a, b)))
      case Op::ShiftRight: SC2_GALAXY_BINARY(Value::from_int(int_shift_right(a, b)))
      case Op::BitAnd: SC2_GALAXY_BINARY(Value::from_int(a & b))
      case Op::BitOr: SC2_GALAXY_BINARY(Value::from_int(a | b))
      case Op::BitXor: SC2_GALAXY_BINARY(Value::from_int(a ^ b))
      case Op::AddFixed: SC2_GALAXY_BINARY(Value::from_fixed_raw(fixed_add(a, b)))
      case Op::SubtractFixed: SC2_GALAXY_BINARY(Value::from_fixed_raw(fixed_subtract(a, b)))
      case Op::MultiplyFixed: SC2_GALAXY_BINARY(Value::from_fixed_raw(fixed_multiply(a, b)))
      case Op::Less: SC2_GALAXY_BINARY(Value::from_bool(a < b))
      case Op::LessEqual: SC2_GALAXY_BINARY(Value::from_bool(a <= b))
      case Op::Greater: SC2_GALAXY_BINARY(Value::from_bool(a > b))
      case Op::GreaterEqual: SC2_GALAXY_BINARY(Value::from_bool(a >= b))
#undef SC2_GALAXY_BINARY
      case Op::DivideInt:
      case Op::ModuloInt:
      case Op::DivideFixed: {
        const std::int32_t b = stack[--sp].as_int();
        const std::int32_t a = stack[sp - 1].as_int();
        if (b == 0) return fail(in.op == Op::ModuloInt ? "modulo by zero" : "division by zero");
        stack[sp - 1] = in.op == Op::DivideInt   ? Value::from_int(int_divide(a, b))
                        : in.op == Op::ModuloInt ? Value::from_int(int_modulo(a, b))
                                                 : Value::from_fixed_raw(fixed_divide(a, b));
        break;
      }
      case Op::Equal: --sp; stack[sp - 1] = Value::from_bool(stack[sp - 1] == stack[sp]); break;
      case Op::NotEqual: --sp; stack[sp - 1] = Value::from_bool(stack[sp - 1] != stack[sp]); break;
      case Op::NegateInt: stack[sp - 1] = Value::from_int(int_negate(stack[sp - 1].as_int())); break;
      case Op::NegateFixed: stack[sp - 1] = Value::from_fixed_raw(fixed_negate(stack[sp - 1].as_int())); break;
      case Op::BitNot: stack[sp - 1] = Value::from_int(~stack[sp - 1].as_int()); break;
      case Op::IntToFixed:
        stack[sp - 1] = Value::from_fixed_raw(fixed_from_int_wrapping(stack[sp - 1].as_int()));
        break;
      case Op::Not: stack[sp - 1] = Value::from_bool(!stack[sp - 1].as_bool()); break;
      case Op::Concat: {
        --sp;
        const std::string_view left = strings_.view(stack[sp - 1].as_id());
        const std::string_view right = strings_.view(stack[sp].as_id());
        if (left.size() + right.size() > limits_.max_string_bytes) {
          return fail("a string of more than " + std::to_string(limits_.max_string_bytes) + " bytes");
        }
        std::string joined;
        joined.reserve(left.size() + right.size());
        joined.append(left).append(right);
        fuel -= static_cast<std::int64_t>(joined.size() / kBytesPerInstruction);
        const std::optional<StringId> id = strings_.intern(joined);
        if (!id) return fail("the script made more than " + std::to_string(limits_.max_string_table_bytes) +
                             " bytes of strings");
        stack[sp - 1] = Value::from_id(*id);
        break;
      }

      case Op::Jump: pc = static_cast<std::uint32_t>(in.a); break;
      case Op::JumpIfFalse: if (!stack[--sp].as_bool()) pc = static_cast<std::uint32_t>(in.a); break;
      case Op::JumpIfTrue: if (stack[--sp].as_bool()) pc = static_cast<std::uint32_t>(in.a); break;
      case Op::AndJump:
        if (!stack[sp - 1].as_bool()) {
          pc = static_cast<std::uint32_t>(in.a);
        } else {
          --sp;
        }
        break;
      case Op::OrJump:
        if (stack[sp - 1].as_bool()) {
          pc = static_cast<std::uint32_t>(in.a);
        } else {
          --sp;
        }
        break;

      case Op::Call: {
        const CompiledFunction& callee = functions[in.a];
        if (thread.frames.size() >= limits_.max_call_depth) {
          return fail("calls nested more than " + std::to_string(limits_.max_call_depth) +
                      " deep (recursion without end?) calling '" + callee.name + "'");
        }
        const std::uint32_t base = sp - callee.parameter_cells;
        const std::size_t need = std::size_t{base} + callee.frame_cells + callee.max_operands;
        if (need > thread.stack.size()) {
          if (need > limits_.max_stack_cells) {
            return fail("the thread's stack would pass " + std::to_string(limits_.max_stack_cells) +
                        " cells calling '" + callee.name + "'");
          }
          const std::size_t size = std::min<std::size_t>(std::max(need, thread.stack.size() * 2), limits_.max_stack_cells);
          if (!grow_stack(thread, size) && !grow_stack(thread, need)) {
            return fail("the script's threads together would use more than " +
                        std::to_string(limits_.max_total_stack_cells) + " cells of stack calling '" + callee.name + "'");
          }
          stack = thread.stack.data();
        }
        std::fill(stack + base + callee.parameter_cells, stack + base + callee.frame_cells, Value{});
        fuel -= callee.frame_cells / kCellsPerInstruction;
        thread.frames.push_back({in.a, pc, base});
        locals = stack + base;
        sp = base + callee.frame_cells;
        pc = callee.entry;
        break;
      }
      case Op::Return:
      case Op::ReturnVoid: {
        const Value result = in.op == Op::Return ? stack[sp - 1] : Value{};
        const Frame frame = thread.frames.back();
        thread.frames.pop_back();
        if (thread.frames.empty()) {
          thread.result = result;
          sp = 0;
          return stop(SliceEnd::Returned);
        }
        sp = frame.base;
        if (in.op == Op::Return) stack[sp++] = result;
        pc = frame.return_pc;
        locals = stack + thread.frames.back().base;
        break;
      }

      case Op::CallNative: {
        const NativeFunction& native = natives_.at(in.a);
        sp -= in.b;
        if (!native) {
          return fail("'" + Library::builtin().functions()[static_cast<std::size_t>(in.a)].name +
                      "' is not implemented by this game (no native registered)");
        }
        thread.pc = pc;
        thread.sp = sp;
        NativeCall call(*this, thread, in.a, stack + sp, in.b, fuel);
        call_native(native, call);
        fuel -= call.charged();
        if (call.failed()) return fail(std::string(call.name()) + ": " + call.failure());
        if (native_returns_value_[static_cast<std::size_t>(in.a)]) stack[sp++] = call.result();
        if (yield_ || thread.state != ThreadState::Runnable) {
          yield_ = false;
          return stop(thread.state == ThreadState::Dead ? SliceEnd::Stopped : SliceEnd::Yielded);
        }
        break;
      }
      case Op::CreateTrigger: {
        const std::optional<TriggerId> id = triggers_.create(in.a, limits_.max_triggers);
        if (!id) return fail("more than " + std::to_string(limits_.max_triggers) + " triggers");
        stack[sp++] = Value::from_id(*id);
        break;
      }
    }
  }
}

}  // namespace sc2::galaxy
