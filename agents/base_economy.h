#pragma once
// What the economy agents (CollectMineralsAndGas, BuildMarines) read from one observation
// of their base (one locked screen), and the decisions they share: which units are where, a free
// spot for a structure, and a two-step "select, then command" plan.
#include <optional>
#include <utility>
#include <vector>

#include "agents/observation_helpers.h"
#include "client/pysc2/function_call.h"
#include "client/pysc2/observation.h"

namespace sc2::agents {

// Unit type ids (SC2's, as feature_units reports them).
inline constexpr int kUnitTypeScv = 45;
inline constexpr int kUnitTypeMarine = 48;
inline constexpr int kUnitTypeCommandCenter = 18;
inline constexpr int kUnitTypeSupplyDepot = 19;
inline constexpr int kUnitTypeRefinery = 20;
inline constexpr int kUnitTypeBarracks = 21;
inline constexpr int kUnitTypeMineralField = 341;
inline constexpr int kUnitTypeVespeneGeyser = 342;

// PySC2 `player` columns the agents read.
inline constexpr int kPlayerMinerals = 1;
inline constexpr int kPlayerFoodUsed = 3;
inline constexpr int kPlayerFoodCap = 4;
inline constexpr int kPlayerIdleWorkers = 7;

// World units across the screen (Env's default camera width).
inline constexpr double kCameraWidthWorldEconomy = 24.0;

// Steps to wait after a Build order before another of the same kind (the SCV walks there
// first; the structure appears only when it arrives).
inline constexpr int kBuildCooldownSteps = 30;

// Enum arguments.
inline constexpr int kSelectWorkerSet = 0;       // select_idle_worker: select one idle worker
inline constexpr int kSelectPointAllType = 2;    // select_point_act: every unit of that type on screen

struct Pixel2 {
  int x = 0;
  int y = 0;
  friend bool operator==(const Pixel2&, const Pixel2&) = default;
};

// The base as seen on screen (feature_units), split by role.
struct BaseView {
  std::vector<ScreenUnit> scvs, marines, command_centers, depots, barracks, refineries;
  std::vector<ScreenUnit> minerals, geysers;  // neutral resources
  int minerals_banked = 0, food_used = 0, food_cap = 0, idle_workers = 0;
  // Queued in the Command Centers' / Barracks' production (their order_length on screen):
  // counts what is in training even when units it made stand off screen.
  int scvs_queued = 0, marines_queued = 0;

  static BaseView read(const pysc2::Observation& observation);
  // Units of the list whose construction is finished.
  static int finished(const std::vector<ScreenUnit>& structures);
  // Units being trained: supply taken minus the supply of the units that exist (SCVs and
  // Marines take 1 each).
  int in_production() const;
};

// Mineral fields ordered by distance to the first Command Center (nearest first).
std::vector<ScreenUnit> fields_by_distance(const BaseView& base);

// Which mineral field the next worker is sent to: the nearest field with fewer than two
// workers sent, else the nearest with the fewest beyond two. Two workers per field mine at
// nearly full rate and a third adds little, so a far field's first two (e.g.
// CollectMineralsAndGas' long-distance east line, 12-13 from the Command Center) come before
// a near field's third. Fields are told apart by their screen pixel (the economy maps'
// camera does not move).
class FieldPlan {
 public:
  void clear() { sent_.clear(); }
  // The field for one more worker, counted; nullopt without fields.
  std::optional<ScreenUnit> assign(const BaseView& base);

 private:
  int& sent_to(const ScreenUnit& field);
  std::vector<std::pair<Pixel2, int>> sent_;
};

// A free centre (screen pixel) for a square structure `footprint_world` cells wide: inside
// the buildable area, clear of every structure and resource by `margin_world`, at least
// `resource_gap_world` from every resource (off the mining lanes), `edge_gap_world` inside the
// screen's edges, not in `excluded`;
// the candidate nearest the Command Center wins. nullopt when none fits.
struct SpotQuery {
  double footprint_world = 2;
  double margin_world = 1;
  double resource_gap_world = 5;
  double pixels_per_world = 64.0 / 24.0;
  // Kept free between the footprint and the screen's edges: a site against the map's
  // unpathable border may never be reached by the SCV (measured on sc2lite: it waits there).
  double edge_gap_world = 2;
  // Only spots some SCV walks to in a straight line clear of obstacles. Off: the nearest
  // SCV goes even if its walk is blocked (it may wait there; BuildMarines prefers that to
  // running out of supply).
  bool require_clear_walk = true;
  // > 0: instead of resource_gap_world from each resource, the footprint's centre keeps this
  // much more than half the footprint from the straight lane between the first Command
  // Center and each resource (where its workers walk), so the ground beside and behind a
  // mineral line is used too.
  double lane_gap_world = 0;
};
// The spot and the SCV to send there: of the SCVs not building (next to a structure under
// construction), the one nearest the spot whose straight walk passes
// no structure or resource (SCVs do not path around them; a blocked one waits forever, as
// measured on sc2lite). Without such an SCV the spot is skipped, or, when
// require_clear_walk is off, given to the nearest SCV.
struct BuildSite {
  Pixel2 spot;
  Pixel2 builder;
};
std::optional<BuildSite> find_build_spot(const pysc2::Observation& observation, const BaseView& base,
                                         const SpotQuery& query, const std::vector<Pixel2>& excluded);
// The SCV nearest `spot` that is not building (next to a structure under construction).
std::optional<Pixel2> nearest_free_builder(const BaseView& base, Pixel2 spot, double pixels_per_world);

// "Select, then command": the follow-up is sent on the next step only if the game offers
// its function then (the selection worked); otherwise it is dropped.
class FollowUp {
 public:
  void set(pysc2::FunctionCall call) { pending_ = std::move(call); }
  void clear() { pending_.reset(); }
  // The pending call if it is available now (consumed either way).
  std::optional<pysc2::FunctionCall> take(const pysc2::Observation& observation);

 private:
  std::optional<pysc2::FunctionCall> pending_;
};

}  // namespace sc2::agents
