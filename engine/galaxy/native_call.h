#pragma once
// How the library's functions (the 117 of spec §2.4) are implemented: a NativeFunction per
// library index, registered once before the script runs; a call finds it by index, never by
// name. The runtime registers the ones that need no world (runtime_natives.h); the game
// registers the rest (world_natives.h lists them). A missing one fails when called, naming it.
//
//   registry.add("UnitGetPosition", [&world](NativeCall& call) {
//     const Unit* unit = world.find(call.handle_arg(0));
//     if (!unit) return call.fail("the unit is null or gone");
//     call.return_point(Point::from_world(unit->x, unit->y));
//   });
//
// Arguments arrive converted to the parameter's type (the checker promoted ints to fixed);
// the accessors below say how each type reads (value.h has the packing).
//
// A call costs its thread one instruction of the budgets (runtime_limits.h). A native whose
// work grows with its input (units it scans, members it copies, bytes it reads or makes)
// charges that work with `charge`, about 1 per unit or per 32 bytes, so that a script calling
// it in a loop runs out of budget instead of stalling the game. return_string charges itself.
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/galaxy/records.h"
#include "engine/galaxy/thread.h"
#include "engine/galaxy/value.h"

namespace sc2::galaxy {

class Runtime;

class NativeCall {
 public:
  // `budget`: instructions the thread may still run (what can_afford counts down from).
  NativeCall(Runtime& runtime, Thread& thread, std::int32_t function, const Value* args, std::uint32_t count,
             std::int64_t budget = INT64_MAX)
      : runtime_(runtime), thread_(thread), function_(function), args_(args), count_(count), budget_(budget) {}

  Runtime& runtime() const { return runtime_; }
  Thread& thread() const { return thread_; }
  std::int32_t function() const { return function_; }  // the library index
  std::string_view name() const;
  std::int64_t loop() const;  // the game loop the runtime is at
  std::uint32_t argument_count() const { return count_; }

  // [SECTION] Arguments
  Value arg(std::uint32_t i) const { return args_[i]; }
  std::int32_t int_arg(std::uint32_t i) const { return args_[i].as_int(); }
  std::int32_t fixed_raw_arg(std::uint32_t i) const { return args_[i].as_fixed_raw(); }
  double fixed_arg(std::uint32_t i) const { return fixed_to_double(args_[i].as_fixed_raw()); }
  bool bool_arg(std::uint32_t i) const { return args_[i].as_bool(); }
  bool is_null(std::uint32_t i) const { return args_[i].bits == 0; }  // any nullable type
  std::string_view string_arg(std::uint32_t i) const;  // string or text; "" when null
  Handle handle_arg(std::uint32_t i) const { return args_[i].as_handle(); }  // unit, unitgroup, region, ...
  Point point_arg(std::uint32_t i) const { return unpack_point(args_[i]); }  // check is_null first
  AbilCmd abilcmd_arg(std::uint32_t i) const { return unpack_abilcmd(args_[i]); }
  const Order* order_arg(std::uint32_t i) const;                // nullptr when null
  const UnitFilterSpec* unit_filter_arg(std::uint32_t i) const;  // nullptr when null
  std::uint32_t player_group_arg(std::uint32_t i) const { return player_group_members(args_[i]); }  // bit per player
  TriggerId trigger_arg(std::uint32_t i) const { return args_[i].as_id(); }
  TimerId timer_arg(std::uint32_t i) const { return args_[i].as_id(); }

  // [SECTION] Result (void natives set none; a value native that sets none returns the default)
  void return_value(Value v) { result_ = v; }
  void return_int(std::int32_t v) { result_ = Value::from_int(v); }
  void return_fixed_raw(std::int32_t raw) { result_ = Value::from_fixed_raw(raw); }
  void return_fixed(double v) { result_ = Value::from_fixed_raw(fixed_from_double(v)); }
  void return_bool(bool v) { result_ = Value::from_bool(v); }
  void return_handle(Handle h) { result_ = Value::from_handle(h); }
  void return_point(Point p) { result_ = pack_point(p); }
  // Interned; fail the call when the string table is full or the text too long.
  void return_string(std::string_view text);
  void return_text(std::string_view text) { return_string(text); }
  void return_order(const Order& order);
  void return_unit_filter(const UnitFilterSpec& filter);

  // [SECTION] Cost: extra instructions this call used (>= 0), taken from the budgets when it
  // returns; the thread stops at its next instruction if they are spent.
  void charge(std::int64_t instructions) {
    if (instructions > 0) charged_ += instructions;
  }
  std::int64_t charged() const { return charged_; }
  // Whether `instructions` more stay within the thread's budgets: a native whose work it can
  // size up front (cells of an area, tries of a search) checks before doing it, not after.
  bool can_afford(std::int64_t instructions) const { return instructions <= affordable(); }
  std::int64_t affordable() const { return budget_ > charged_ ? budget_ - charged_ : 0; }

  // [SECTION] Failure: the thread stops with "file:line:col: <Name>: message".
  void fail(std::string message);
  bool failed() const { return failed_; }
  const std::string& failure() const { return failure_; }
  Value result() const { return result_; }

 private:
  Runtime& runtime_;
  Thread& thread_;
  std::int32_t function_;
  const Value* args_;
  std::uint32_t count_;
  Value result_;
  std::int64_t budget_;
  std::int64_t charged_ = 0;
  bool failed_ = false;
  std::string failure_;
};

using NativeFunction = std::function<void(NativeCall&)>;

class NativeRegistry {
 public:
  NativeRegistry();
  // Registers (or replaces) the implementation of the library function `name`; false when the
  // library has no such function.
  bool add(std::string_view name, NativeFunction function);
  const NativeFunction& at(std::int32_t index) const { return functions_[static_cast<std::size_t>(index)]; }
  bool has(std::string_view name) const;
  // The library functions nobody has registered, in library order.
  std::vector<std::string> missing() const;

 private:
  std::vector<NativeFunction> functions_;  // by Library::builtin() index
};

}  // namespace sc2::galaxy
