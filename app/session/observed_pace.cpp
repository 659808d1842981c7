#include "app/session/observed_pace.h"

#include "client/controller.h"

namespace sc2::app {

std::optional<bool> ObservedPace::joined(sc2::Controller& controller) {
  asked_ = true;
  state_ = ask_game_pace(controller);
  last_wish_.reset();
  last_asked_ = std::chrono::steady_clock::now();
  if (!paces_game()) return std::nullopt;
  return state_->paused;
}

void ObservedPace::update(sc2::Controller& controller, Wish wish, bool single_step) {
  if (!state_) return;  // a game without the extension is asked nothing more
  const auto now = std::chrono::steady_clock::now();
  const bool changed = (last_wish_ && wish != *last_wish_) || single_step;
  last_wish_ = wish;
  if (changed && paces_game()) {
    GamePaceAsk ask;
    ask.speed = wish.speed > 0 ? wish.speed : 0.0;
    ask.paused = wish.paused;
    ask.single_step = single_step;
    state_ = ask_game_pace(controller, ask);
    last_asked_ = now;
  } else if (now - last_asked_ >= kRefresh) {
    state_ = ask_game_pace(controller);
    last_asked_ = now;
  }
}

bool ObservedPace::paces_game() const { return state_ && state_->observers_may_pace && !state_->other_controls; }

ObservedGamePace ObservedPace::shown() const {
  ObservedGamePace shown;
  if (!state_) {
    if (asked_) {
      shown.note = "This game takes no pace requests (a real StarCraft II, or an sc2lite without them).";
    }
    return shown;
  }
  shown.known = true;
  shown.may_pace = state_->observers_may_pace;
  shown.you_control = state_->you_control;
  shown.other_controls = state_->other_controls;
  shown.speed = state_->speed;
  shown.paused = state_->paused;
  shown.loops_per_second = state_->loops_per_second;
  if (!state_->observers_may_pace) {
    shown.note = "This sc2lite does not let observers pace the game: start it with --observer_control.";
  } else if (state_->other_controls) {
    shown.note = "Another observer paces this game; it keeps control until it lets go or leaves.";
  } else if (!state_->refused.empty()) {
    shown.note = state_->refused;
  }
  return shown;
}

}  // namespace sc2::app
