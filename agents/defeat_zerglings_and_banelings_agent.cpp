#include "agents/defeat_zerglings_and_banelings_agent.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "agents/function_ids.h"
#include "agents/observation_helpers.h"
#include "client/pysc2/actions.h"

namespace sc2::agents {
namespace {

constexpr int kSplitDone = 4;

// Squared distance from `enemy` to the nearest Marine.
long distance_to_marines(const ScreenUnit& enemy, const std::vector<ScreenUnit>& marines) {
  long best = std::numeric_limits<long>::max();
  for (const auto& marine : marines) best = std::min(best, squared_distance(marine.x, marine.y, enemy.x, enemy.y));
  return best;
}

// Enemies within `reach` of some Marine: Banelings first, then the nearest to a Marine.
const ScreenUnit* pick_target(const std::vector<ScreenUnit>& enemies, const std::vector<ScreenUnit>& marines,
                              long reach) {
  const ScreenUnit* best = nullptr;
  bool best_baneling = false;
  long best_distance = 0;
  for (const auto& enemy : enemies) {
    const long distance = distance_to_marines(enemy, marines);
    if (distance > reach * reach) continue;
    const bool baneling = enemy.unit_type == kUnitTypeBaneling;
    if (best == nullptr || (baneling && !best_baneling) || (baneling == best_baneling && distance < best_distance)) {
      best = &enemy;
      best_baneling = baneling;
      best_distance = distance;
    }
  }
  return best;
}

bool any_within(const std::vector<ScreenUnit>& enemies, const std::vector<ScreenUnit>& marines, long reach) {
  for (const auto& enemy : enemies)
    if (distance_to_marines(enemy, marines) <= reach * reach) return true;
  return false;
}

int clamp_pixel(long value, int size) { return static_cast<int>(std::clamp<long>(value, 0, size - 1)); }

}  // namespace

void DefeatZerglingsAndBanelingsAgent::setup(const AgentSpec& spec) {
  screen_size_ = spec.feature_screen_size;
  reach_pixels_ = std::lround(kMarineReachWorld * spec.feature_screen_size / kCameraWidthWorld);
  split_pixels_ = std::lround(kSplitDistanceWorld * spec.feature_screen_size / kCameraWidthWorld);
}

void DefeatZerglingsAndBanelingsAgent::reset() {
  last_was_select_ = false;
  last_target_ = -1;
  split_stage_ = 0;
  last_enemy_count_ = 0;
}

// One step of the split: select the top third by rectangle, move it up; the same downwards.
pysc2::FunctionCall DefeatZerglingsAndBanelingsAgent::split_step(const pysc2::TimeStep& time_step) {
  static const int move_screen = function_id("Move_screen");
  const auto marines = screen_units(time_step.observation, kPlayerSelf);
  if (marines.size() < 3) {
    split_stage_ = kSplitDone;  // nothing worth splitting
    return {};
  }
  std::vector<int> rows;
  int min_x = screen_size_, max_x = 0;
  for (const auto& marine : marines) {
    rows.push_back(marine.y);
    min_x = std::min(min_x, marine.x);
    max_x = std::max(max_x, marine.x);
  }
  std::sort(rows.begin(), rows.end());
  if (split_stage_ == 0) {
    // Cut between the sorted rows so each outer group is a third of the line.
    const std::size_t third = rows.size() / 3;
    top_cut_ = (rows[third - 1] + rows[third]) / 2;
    bottom_cut_ = (rows[rows.size() - third - 1] + rows[rows.size() - third]) / 2;
    if (top_cut_ >= bottom_cut_) {  // Marines not in a vertical line: leave them as they are
      split_stage_ = kSplitDone;
      return {};
    }
  }
  const int left = clamp_pixel(min_x - 2, screen_size_), right = clamp_pixel(max_x + 2, screen_size_);
  const int centre_x = (min_x + max_x) / 2;
  long sum_top = 0, count_top = 0, sum_bottom = 0, count_bottom = 0;
  for (const auto& marine : marines) {
    if (marine.y < top_cut_) sum_top += marine.y, ++count_top;
    if (marine.y > bottom_cut_) sum_bottom += marine.y, ++count_bottom;
  }
  const int stage = split_stage_++;
  switch (stage) {
    case 0:  // select_rect(select, top-left, bottom-right) around the top group
      return {pysc2::fn::select_rect, {{kSelectAddSelect}, {left, 0}, {right, clamp_pixel(top_cut_ - 1, screen_size_)}}};
    case 1:
      if (count_top == 0) return {};
      return {move_screen, {{kQueuedNow}, {centre_x, clamp_pixel(sum_top / count_top - split_pixels_, screen_size_)}}};
    case 2:
      return {pysc2::fn::select_rect,
              {{kSelectAddSelect}, {left, clamp_pixel(bottom_cut_ + 1, screen_size_)}, {right, screen_size_ - 1}}};
    default:
      if (count_bottom == 0) return {};
      return {move_screen,
              {{kQueuedNow}, {centre_x, clamp_pixel(sum_bottom / count_bottom + split_pixels_, screen_size_)}}};
  }
}

pysc2::FunctionCall DefeatZerglingsAndBanelingsAgent::step(const pysc2::TimeStep& time_step) {
  static const int attack_screen = function_id("Attack_screen");
  static const int move_screen = function_id("Move_screen");
  const auto& observation = time_step.observation;
  const pysc2::FunctionCall select_army{pysc2::fn::select_army, {{kSelectAddSelect}}};
  const bool can_select = is_available(observation, pysc2::fn::select_army);
  const auto marines = screen_units(observation, kPlayerSelf);
  const auto enemies = screen_units(observation, kPlayerEnemy);

  if (enemies.size() > last_enemy_count_) split_stage_ = 0;  // a new wave
  last_enemy_count_ = enemies.size();
  const long danger = reach_pixels_ + split_pixels_;
  if (split_stage_ < kSplitDone && !enemies.empty() && !any_within(enemies, marines, danger)) {
    // The moves need Move_screen, offered once something is selected.
    if (split_stage_ % 2 == 0 || is_available(observation, move_screen)) {
      auto call = split_step(time_step);
      last_was_select_ = false;
      last_target_ = -1;
      if (call.function != 0) return call;
    } else {
      split_stage_ = kSplitDone;
    }
  }

  bool some_unselected = false;
  for (const auto& marine : marines) some_unselected = some_unselected || !marine.selected;
  if (some_unselected && can_select && !last_was_select_) {
    last_was_select_ = true;
    last_target_ = -1;  // the new selection has no order yet
    return select_army;
  }
  last_was_select_ = false;
  if (!is_available(observation, attack_screen)) {
    last_was_select_ = can_select;
    return can_select ? select_army : pysc2::FunctionCall{};
  }
  if (enemies.empty() || marines.empty()) return {};
  const ScreenUnit* target = pick_target(enemies, marines, reach_pixels_);
  if (target == nullptr) return {};  // hold: idle Marines shoot whatever comes into range
  // Re-issuing the same order would only restart the Marines' attack; keep it running.
  if (target->tag == last_target_) return {};
  last_target_ = target->tag;
  return {attack_screen, {{kQueuedNow}, {target->x, target->y}}};
}

}  // namespace sc2::agents
