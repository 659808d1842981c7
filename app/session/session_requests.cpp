#include "app/session/session_requests.h"

#include <utility>

namespace sc2::app {

bool Requests::any() const {
  return restart || save_replay || step_mul || agent || record || stop_record || seek || observed_player;
}

void SessionRequests::post(const std::function<void(Requests&)>& change) {
  std::lock_guard lock(mutex_);
  change(requests_);
}

Requests SessionRequests::take() {
  std::lock_guard lock(mutex_);
  return std::exchange(requests_, Requests{});
}

bool SessionRequests::pending() const {
  std::lock_guard lock(mutex_);
  return requests_.any();
}

}  // namespace sc2::app
