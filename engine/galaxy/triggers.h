#pragma once
// Triggers (spec §2.5): a script function `bool f(bool testConds, bool runActions)`, an enabled
// flag (on at creation), and the events the script registered for it. The table stores them;
// the runtime (runtime_events.cpp) fires them. Registrations of one kind are kept in the order
// the script made them, which is the order their triggers run when one event matches several.
#include <cstdint>
#include <functional>
#include <optional>
#include <queue>
#include <vector>

#include "engine/galaxy/thread.h"
#include "engine/galaxy/value.h"

namespace sc2::galaxy {

enum class EventKind : std::uint8_t {
  MapInit, Periodic, Timer, UnitDied, UnitCreated, UnitAbility, UnitOrder, ChatMessage,
};
inline constexpr int kEventKinds = 8;

struct EventRegistration {
  EventKind kind;
  TriggerId trigger;
  // Filters (0 / null = any), by kind:
  Handle unit = 0;              // unit events: the unitref (always null in the reference maps)
  StringId ability = 0;         // UnitAbility, UnitOrder: the abilcmd's ability; UnitCreated: creatorAbil
  std::int32_t command = 0;     // UnitAbility, UnitOrder: the abilcmd's command index
  std::int32_t stage = -1;      // UnitAbility: c_unitAbilStageAll (-1) = any stage
  StringId behavior = 0;        // UnitCreated: creatorBehavior
  std::int32_t player = 16;     // ChatMessage: c_playerAny (16) = anyone
  StringId text = 0;            // ChatMessage
  bool exact = true;            // ChatMessage: whole text, else contained
  TimerId timer = 0;            // Timer
  std::int64_t period = 0;      // Periodic: loops
};

struct Trigger {
  std::int32_t function;  // CompiledProgram::functions index
  bool enabled = true;
};

class TriggerTable {
 public:
  // nullopt when the limit is reached.
  std::optional<TriggerId> create(std::int32_t function, std::uint32_t max_triggers);
  Trigger* get(TriggerId id) { return id >= 1 && id <= triggers_.size() ? &triggers_[id - 1] : nullptr; }
  const Trigger* get(TriggerId id) const {
    return id >= 1 && id <= triggers_.size() ? &triggers_[id - 1] : nullptr;
  }
  std::size_t size() const { return triggers_.size(); }

  // Returns the registration's index; nullopt when the limit is reached.
  std::optional<std::uint32_t> add_event(const EventRegistration& event, std::uint32_t max_registrations);
  const EventRegistration& event(std::uint32_t index) const { return events_[index]; }
  // Registration indices of one kind, in registration order.
  const std::vector<std::uint32_t>& events_of(EventKind kind) const { return by_kind_[static_cast<int>(kind)]; }

  // Periodic events due in order: (next loop, registration index), earliest first.
  struct PeriodicDue {
    std::int64_t loop;
    std::uint32_t event;
    bool operator>(const PeriodicDue& other) const {
      return loop != other.loop ? loop > other.loop : event > other.event;
    }
  };
  std::priority_queue<PeriodicDue, std::vector<PeriodicDue>, std::greater<>>& periodic_schedule() {
    return periodic_;
  }
  std::int64_t next_periodic_loop() const { return periodic_.empty() ? INT64_MAX : periodic_.top().loop; }

 private:
  std::vector<Trigger> triggers_;
  std::vector<EventRegistration> events_;
  std::vector<std::uint32_t> by_kind_[kEventKinds];
  std::priority_queue<PeriodicDue, std::vector<PeriodicDue>, std::greater<>> periodic_;
};

}  // namespace sc2::galaxy
