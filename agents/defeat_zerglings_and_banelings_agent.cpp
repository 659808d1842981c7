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
constexpr int kBaitDone = 3;
constexpr int kQueuedQueue = 1;     // queued: after the current orders
constexpr int kBaitHomePixels = 2;  // the bait is back within this of where it left
constexpr int kBaitMaxSteps = 40;   // a bait out longer than this (320 loops) no longer holds the line

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
  bait_pixels_ = std::lround(kBaitDistanceWorld * spec.feature_screen_size / kCameraWidthWorld);
}

void DefeatZerglingsAndBanelingsAgent::reset() {
  last_was_select_ = false;
  last_target_ = -1;
  split_stage_ = 0;
  last_enemy_count_ = 0;
  bait_stage_ = kBaitDone;
  bait_tag_ = -1;
  bait_steps_ = 0;
}

const ScreenUnit* DefeatZerglingsAndBanelingsAgent::find_bait(const std::vector<ScreenUnit>& marines) const {
  for (const auto& marine : marines)
    if (marine.tag == bait_tag_) return &marine;
  return nullptr;
}

// Out luring: alive, not back home yet, and not out for too long.
bool DefeatZerglingsAndBanelingsAgent::bait_out(const std::vector<ScreenUnit>& marines) const {
  const ScreenUnit* bait = find_bait(marines);
  if (bait_stage_ < kBaitDone || bait == nullptr || bait_steps_ > kBaitMaxSteps) return false;
  return squared_distance(bait->x, bait->y, bait_home_x_, bait_home_y_) > kBaitHomePixels * kBaitHomePixels;
}

// One step of the lure: select the Marine nearest to the enemy; send it to bait_pixels_ from
// that enemy (inside its scan range, so it follows); queue its way back home.
pysc2::FunctionCall DefeatZerglingsAndBanelingsAgent::bait_step(const pysc2::Observation& observation,
                                                                const std::vector<ScreenUnit>& marines,
                                                                const std::vector<ScreenUnit>& enemies) {
  static const int move_screen = function_id("Move_screen");
  const int stage = bait_stage_++;
  if (stage == 0) {
    const ScreenUnit* bait = nullptr;
    const ScreenUnit* enemy = nullptr;
    long best = std::numeric_limits<long>::max();
    for (const auto& e : enemies) {
      for (const auto& m : marines) {
        const long d = squared_distance(m.x, m.y, e.x, e.y);
        if (d < best) best = d, bait = &m, enemy = &e;
      }
    }
    const double apart = std::sqrt(static_cast<double>(best));
    if (bait == nullptr || apart <= static_cast<double>(bait_pixels_)) {
      bait_stage_ = kBaitDone;  // already close: the fight comes by itself
      return {};
    }
    const double scale = static_cast<double>(bait_pixels_) / apart;
    bait_target_x_ = clamp_pixel(enemy->x + std::lround((bait->x - enemy->x) * scale), screen_size_);
    bait_target_y_ = clamp_pixel(enemy->y + std::lround((bait->y - enemy->y) * scale), screen_size_);
    bait_home_x_ = bait->x;
    bait_home_y_ = bait->y;
    bait_tag_ = bait->tag;
    bait_steps_ = 0;
    return {pysc2::fn::select_point, {{kSelectPointSelect}, {bait->x, bait->y}}};
  }
  if (!is_available(observation, move_screen)) {
    bait_stage_ = kBaitDone;
    return {};
  }
  if (stage == 1) {
    // The Marine select_point took (another one may stand on the same pixel).
    const ScreenUnit* selected = nullptr;
    int count = 0;
    for (const auto& m : marines)
      if (m.selected) selected = &m, ++count;
    if (count == 1) bait_tag_ = selected->tag;
    return {move_screen, {{kQueuedNow}, {bait_target_x_, bait_target_y_}}};
  }
  return {move_screen, {{kQueuedQueue}, {bait_home_x_, bait_home_y_}}};
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

  if (enemies.size() > last_enemy_count_) {  // a new wave
    split_stage_ = 0;
    bait_stage_ = kBaitDone;
  }
  last_enemy_count_ = enemies.size();
  const long danger = reach_pixels_ + split_pixels_;
  const bool calm = !enemies.empty() && !any_within(enemies, marines, danger);
  if (split_stage_ < kSplitDone && calm) {
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

  // The enemies stand idle until a Marine comes within their scan range: lure them to the line.
  if (split_stage_ >= kSplitDone) {
    ++bait_steps_;
    if (bait_stage_ >= kBaitDone && calm && !bait_out(marines)) bait_stage_ = 0;  // (again)
    if (bait_stage_ < kBaitDone) {
      auto call = bait_step(observation, marines, enemies);
      last_was_select_ = false;
      last_target_ = -1;
      if (call.function != 0) return call;
    }
    // While the bait is out, an order would send the line after it; once the enemies reach
    // the line, the line fights.
    std::vector<ScreenUnit> line;
    for (const auto& marine : marines)
      if (marine.tag != bait_tag_) line.push_back(marine);
    if (bait_out(marines) && !any_within(enemies, line, reach_pixels_)) return {};
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
