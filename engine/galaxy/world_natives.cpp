#include "engine/galaxy/world_natives.h"

#include <array>
#include <memory>

namespace sc2::galaxy {

namespace {

constexpr std::string_view kUnits = "Units and orders";
constexpr std::string_view kGroups = "Unit groups";
constexpr std::string_view kRegions = "Regions and points";
constexpr std::string_view kPlayers = "Players and properties";
constexpr std::string_view kGame = "Game state";
constexpr std::string_view kPeople = "Objectives, UI, sound";
constexpr std::string_view kCamera = "Camera and vision";
constexpr std::string_view kAI = "Computer AI";
constexpr std::string_view kMelee = "Melee";

constexpr std::array kWorldNatives = {
    WorldNative{"UnitCreate", kUnits, false},
    WorldNative{"libNtve_gf_CreateUnitsWithDefaultFacing", kUnits, false},
    WorldNative{"UnitLastCreated", kUnits, false},
    WorldNative{"UnitFromId", kUnits, false},
    WorldNative{"UnitRemove", kUnits, false},
    WorldNative{"UnitGetPosition", kUnits, false},
    WorldNative{"UnitSetPosition", kUnits, false},
    WorldNative{"UnitGetOwner", kUnits, false},
    WorldNative{"UnitGetType", kUnits, false},
    WorldNative{"UnitGetPropertyFixed", kUnits, false},
    WorldNative{"UnitSetPropertyFixed", kUnits, false},
    WorldNative{"UnitGetCustomValue", kUnits, false},
    WorldNative{"UnitSetCustomValue", kUnits, false},
    WorldNative{"UnitIsAlive", kUnits, false},
    WorldNative{"UnitIssueOrder", kUnits, false},
    WorldNative{"UnitOrder", kUnits, false},
    WorldNative{"UnitOrderCount", kUnits, false},  // SMACv2's 32x32_flat
    WorldNative{"UnitPauseAll", kUnits, false},
    WorldNative{"libNtve_gf_PauseUnit", kUnits, false},
    WorldNative{"UnitCount", kUnits, false},
    WorldNative{"libNtve_gf_UnitInRegion", kUnits, false},
    WorldNative{"libNtve_gf_UnitIsVisibleToPlayer", kUnits, false},
    WorldNative{"UnitGroup", kGroups, false},
    WorldNative{"UnitGroupEmpty", kGroups, false},
    WorldNative{"UnitGroupAdd", kGroups, false},
    WorldNative{"UnitGroupRemove", kGroups, false},
    WorldNative{"UnitGroupClear", kGroups, false},
    WorldNative{"UnitGroupCount", kGroups, false},
    WorldNative{"UnitGroupHasUnit", kGroups, false},
    WorldNative{"UnitGroupUnit", kGroups, false},
    WorldNative{"UnitGroupClosestToPoint", kGroups, false},
    WorldNative{"UnitGroupCenterOfGroup", kGroups, false},
    WorldNative{"UnitGroupIssueOrder", kGroups, false},
    WorldNative{"UnitGroupSelect", kGroups, false},
    WorldNative{"libNtve_gf_UnitGroupIsDead", kGroups, false},
    WorldNative{"RegionFromId", kRegions, false},
    WorldNative{"RegionEntireMap", kRegions, false},
    WorldNative{"RegionGetCenter", kRegions, false},
    WorldNative{"RegionSetCenter", kRegions, false},
    WorldNative{"RegionRandomPoint", kRegions, false},
    WorldNative{"RegionContainsPoint", kRegions, false},
    WorldNative{"RegionPlayableMapSet", kRegions, false},
    WorldNative{"PointFromId", kRegions, false},
    WorldNative{"PlayerModifyPropertyInt", kPlayers, false},
    WorldNative{"PlayerGetPropertyInt", kPlayers, false},
    WorldNative{"PlayerGetPropertyFixed", kPlayers, false},
    WorldNative{"PlayerType", kPlayers, false},
    WorldNative{"RestartGame", kGame, false},
    WorldNative{"GameSetMissionTimePaused", kGame, true},
    WorldNative{"GameSetSpeedValue", kGame, true},
    WorldNative{"ObjectiveCreate", kPeople, true},
    WorldNative{"ObjectiveLastCreated", kPeople, true},
    WorldNative{"ObjectiveSetName", kPeople, true},
    WorldNative{"ObjectiveSetState", kPeople, true},
    WorldNative{"TimerWindowCreate", kPeople, true},
    WorldNative{"UIDisplayMessage", kPeople, true},
    WorldNative{"UIClearMessages", kPeople, true},
    WorldNative{"SoundtrackPause", kPeople, true},
    WorldNative{"CameraApplyInfo", kCamera, true},
    WorldNative{"CameraInfoDefault", kCamera, true},
    WorldNative{"CameraPan", kCamera, false},
    WorldNative{"CameraLockInput", kCamera, true},
    WorldNative{"VisEnable", kCamera, false},
    WorldNative{"VisRevealArea", kCamera, false},
    WorldNative{"VisExploreArea", kCamera, false},
    WorldNative{"VisIsVisibleForPlayer", kCamera, false},
    WorldNative{"AIStart", kAI, false},
    WorldNative{"AICampaignStart", kAI, false},
    WorldNative{"AIToggleBulliesInRegion", kAI, false},
    WorldNative{"libNtve_gf_AICast", kAI, false},
    // Our melee maps' (issue 35; no reference script calls them).
    WorldNative{"GameOver", kMelee, false},
    WorldNative{"MeleeInitResources", kMelee, false},
    WorldNative{"MeleeInitUnits", kMelee, false},
    WorldNative{"MeleeInitAI", kMelee, false},
    WorldNative{"MeleeInitOptions", kMelee, false},
};

constexpr Handle kDefaultCameraInfo = 1;  // CameraInfoDefault(): one settings object, never looked into

// A native handing out ids 1, 2, ... of one kind, up to `max_ids`.
NativeFunction id_counter(std::shared_ptr<std::int32_t> last, std::int32_t max_ids, std::string kind) {
  return [last = std::move(last), max_ids, kind = std::move(kind)](NativeCall& call) {
    if (*last >= max_ids) return call.fail("more than " + std::to_string(max_ids) + " " + kind);
    call.return_int(++*last);
  };
}

}  // namespace

std::span<const WorldNative> world_natives() { return kWorldNatives; }

void register_headless_natives(NativeRegistry& r, std::int32_t max_ids) {
  const auto nothing = [](NativeCall&) {};
  for (const std::string_view name : {"GameSetMissionTimePaused", "GameSetSpeedValue", "ObjectiveSetName",
                                      "ObjectiveSetState", "UIDisplayMessage", "UIClearMessages", "SoundtrackPause",
                                      "CameraApplyInfo", "CameraLockInput"}) {
    r.add(name, nothing);
  }
  // Ids count from 1 (0 is c_invalidObjectiveId); each runtime's registry has its own counters.
  auto objectives = std::make_shared<std::int32_t>(0);
  r.add("ObjectiveCreate", id_counter(objectives, max_ids, "objectives"));
  r.add("ObjectiveLastCreated", [objectives](NativeCall& call) { call.return_int(*objectives); });
  r.add("TimerWindowCreate", id_counter(std::make_shared<std::int32_t>(0), max_ids, "timer windows"));
  r.add("CameraInfoDefault", [](NativeCall& call) { call.return_handle(kDefaultCameraInfo); });
}

std::vector<std::string> missing_world_natives(const NativeRegistry& registry) {
  std::vector<std::string> missing;
  for (const WorldNative& native : kWorldNatives) {
    if (!registry.has(native.name)) missing.push_back(std::string(native.area) + ": " + std::string(native.name));
  }
  return missing;
}

}  // namespace sc2::galaxy
