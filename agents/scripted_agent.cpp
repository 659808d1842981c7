#include "agents/scripted_agent.h"

#include <stdexcept>

#include "agents/build_marines_agent.h"
#include "agents/collect_mineral_shards_agent.h"
#include "agents/collect_minerals_and_gas_agent.h"
#include "agents/defeat_roaches_agent.h"
#include "agents/defeat_zerglings_and_banelings_agent.h"
#include "agents/find_and_defeat_zerglings_agent.h"
#include "agents/melee_agent.h"
#include "agents/move_to_beacon_agent.h"
#include "client/map_paths.h"

namespace sc2::agents {
namespace {

struct ScriptedEntry {
  const char* map;
  std::unique_ptr<Agent> (*make)();
};

template <class AgentType>
std::unique_ptr<Agent> make() {
  return std::make_unique<AgentType>();
}

constexpr ScriptedEntry kScripted[] = {
    {"MoveToBeacon", &make<MoveToBeaconAgent>},
    {"CollectMineralShards", &make<CollectMineralShardsFeatureUnitsAgent>},
    {"DefeatRoaches", &make<DefeatRoachesAgent>},
    {"DefeatZerglingsAndBanelings", &make<DefeatZerglingsAndBanelingsAgent>},
    {"FindAndDefeatZerglings", &make<FindAndDefeatZerglingsAgent>},
    {"CollectMineralsAndGas", &make<CollectMineralsAndGasAgent>},
    {"BuildMarines", &make<BuildMarinesAgent>},
    // The melee maps (against the built-in AI: sc2agent --opponent bot:<level>).
    {"Flat32", &make<MeleeAgent>},
    {"Flat64", &make<MeleeAgent>},
    {"Simple64", &make<MeleeAgent>},
};

}  // namespace

std::vector<std::string> scripted_maps() {
  std::vector<std::string> maps;
  for (const auto& entry : kScripted) maps.emplace_back(entry.map);
  return maps;
}

std::unique_ptr<Agent> make_scripted_agent(const std::string& map) {
  // By the map's name: a map file's path ("maps/MoveToBeacon.SC2Map") gets its mini-game's agent.
  const std::string name = map_name_from_path(map);
  for (const auto& entry : kScripted)
    if (name == entry.map) return entry.make();
  std::string known;
  for (const auto& candidate : scripted_maps()) known += (known.empty() ? "" : ", ") + candidate;
  throw std::invalid_argument("no scripted agent for map '" + map + "' (scripted agents exist for: " +
                              known + "; use --agent random or noop for other maps)");
}

void ScriptedAgent::setup(const AgentSpec& spec) {
  chosen_ = make_scripted_agent(spec.map);
  chosen_->setup(spec);
}

void ScriptedAgent::reset() {
  if (!chosen_) throw std::logic_error("scripted agent: reset() before setup()");
  chosen_->reset();
}

pysc2::FunctionCall ScriptedAgent::step(const pysc2::TimeStep& time_step) {
  if (!chosen_) throw std::logic_error("scripted agent: step() before setup()");
  return chosen_->step(time_step);
}

}  // namespace sc2::agents
