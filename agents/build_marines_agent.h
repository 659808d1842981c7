#pragma once
// Our scripted BuildMarines (no PySC2 original). Score = Marines built in 900 s, so the
// agent grows the economy a little, then spends everything on Barracks and Marines:
// every SCV mines; the Command Center trains SCVs up to kWantedScvs; Supply Depots go up
// ahead of need (more Barracks use supply faster); once a depot is finished, Barracks up to
// kWantedBarracks; every finished Barracks trains Marines without pause.
//
// The map starts every SCV harvesting one field and rallies the Command Center to it (they
// spread over the line by bouncing off the occupied field, slowly), so the agent takes over
// at the start: it selects every SCV (select_point, all of the type) and
// stops them (Stop_quick; without it, Smart_screen to open ground beside the Command
// Center), then rallies the Command Center to that ground (Rally_Workers_screen). Idle SCVs,
// new ones included, are then sent out one by one (FieldPlan: two per field, nearest first).
//
// Where it builds: a plan of spots beside the Command Center on the side away from the
// minerals (kBarracksPlan, kDepotPlan), one free cell between any two structures (a
// narrower gap is a wall to SCVs and Marines, and SCVs walled in never get to a site), and a
// strip at the far side kept free for the Marines, which are moved there (kParkOffset) so
// they stand neither on the sites nor in the builders' way. When the plan is used up, any
// free spot off the mining lanes (find_build_spot).
//
// Every step, in order:
// 1. the follow-up of last step's selection (Harvest_Gather / Build / Train / Move) if offered;
// 2. the take-over above, until done (four steps);
// 3. an idle SCV: select_idle_worker, then Harvest_Gather_screen on its field;
// 4. free supply <= 2 + 2 x Barracks (cap below 200), no depot under construction, no Build
//    order on its way, 100 minerals: an SCV builds a Supply Depot at the next spot;
// 5. fewer than kWantedScvs SCVs, 50 minerals, supply free, nothing in training: Train_SCV;
// 6. a finished depot, fewer than kWantedBarracks Barracks, no Build order on its way, 150
//    minerals: an SCV builds a Barracks at the next spot;
// 7. finished Barracks, 50 minerals (plus 150 kept for the next Barracks while some are
//    still wanted), supply free, fewer Marines queued than finished Barracks: select every
//    Barracks (select_point, all of the type), then Train_Marine_quick (the game queues it at
//    the shortest queue);
// 8. a Marine farther than kParkRadiusWorld from the Marines' strip: select_army, then
//    Move_screen there;
// 9. no_op.
// A spot the game refuses (action_result after the Build order) is not tried again, nor one
// whose structure did not show within kBuildCooldownSteps (its SCV could not get there). A
// Build order is pending until then: meanwhile its cost stays banked (the SCV pays on
// arrival) and no other Build order is given (the nearest SCV to the next spot may be the
// one on its way to the last).
#include <vector>

#include "agents/agent.h"
#include "agents/base_economy.h"

namespace sc2::agents {

inline constexpr int kWantedScvs = 18;     // two per field on the 8 fields, plus builders
inline constexpr int kWantedBarracks = 5;  // ~ what 16 miners' income keeps busy

// A spot as world units from the Command Center's centre, x away from the minerals, y north.
struct BaseOffset {
  double away = 0;
  double north = 0;
};
// BuildMarines' base: the Command Center 5x5, its 8 fields on one side 5.6-7.5 away, open
// ground on the other (12-16 wide, 18 high). Barracks (3x3): a column 6 away, one north of
// the Command Center. Depots (2x2): beside the Command Center's north and south edges, a
// column 9.5 away, behind the two ends of the mineral line, the two ends of a column 12.5
// away. One free cell between any two; the middle of the strip from 11.5 away on is the
// Marines'.
inline constexpr BaseOffset kBarracksPlan[] = {{6, 1}, {6, -3}, {6, 5}, {6, -7}, {0, 6}};
inline constexpr BaseOffset kDepotPlan[] = {{2.5, -7.5}, {-0.5, -7.5}, {3.5, 7.5},   {9.5, 0.5},   {9.5, -2.5},
                                            {9.5, 3.5},  {9.5, -5.5},  {9.5, 6.5},   {9.5, -8.5},  {-3.5, -8.5},
                                            {-6.5, -8.5}, {-3.5, 6.5}, {-6.5, 6.5},  {12.5, 6.5},  {12.5, -8.5}};
inline constexpr BaseOffset kParkOffset{14.5, -1};
inline constexpr double kParkRadiusWorld = 6.0;

class BuildMarinesAgent final : public Agent {
 public:
  void setup(const AgentSpec& spec) override;
  void reset() override;
  pysc2::FunctionCall step(const pysc2::TimeStep& time_step) override;
  std::string_view name() const override { return "scripted"; }

 private:
  std::optional<pysc2::FunctionCall> build(const pysc2::Observation& observation, const BaseView& base,
                                           int function, double footprint);
  std::optional<BuildSite> planned_site(const BaseView& base, const std::vector<BaseOffset>& plan,
                                        const std::vector<Pixel2>& excluded) const;
  // The screen pixel of a plan offset (the minerals' side read from the fields), unchecked /
  // nullopt when off the screen.
  std::optional<Pixel2> offset_pixel(const BaseView& base, BaseOffset offset) const;
  std::optional<Pixel2> pixel_at(const BaseView& base, BaseOffset offset) const;
  std::optional<pysc2::FunctionCall> park_marines(const BaseView& base);
  std::optional<pysc2::FunctionCall> take_over_start(const pysc2::Observation& observation, const BaseView& base);

  double pixels_per_world_ = 64.0 / 24.0;
  int screen_size_ = 64;
  FollowUp follow_up_;
  FieldPlan fields_;
  // The take-over at the start: select the SCVs, stop them, select the CC, rally it.
  enum class Start { SelectScvs, StopScvs, SelectCommandCenter, Rally, Done };
  Start start_ = Start::SelectScvs;
  int steps_ = 0;
  int depot_ordered_step_ = -1000;
  int barracks_ordered_step_ = -1000;
  int build_sent_ = 0;  // function id of the Build order sent last step, else 0
  std::vector<Pixel2> refused_spots_;  // the game answered the Build order with an error
  std::optional<Pixel2> depot_pending_, barracks_pending_;  // ordered, not showing yet
  int depots_at_order_ = 0, barracks_at_order_ = 0;      // counts when they were ordered
  Pixel2 last_spot_{};
};

}  // namespace sc2::agents
