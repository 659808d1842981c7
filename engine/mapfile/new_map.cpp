#include "engine/mapfile/new_map.h"

#include <sstream>

#include "engine/mapfile/file_names.h"
#include "engine/mapfile/map_error.h"
#include "engine/mapfile/map_writer.h"

namespace sc2::engine::mapfile {

namespace {

constexpr std::uint32_t kMinSide = 16;     // room for a camera view and a border
constexpr std::uint32_t kDefaultBorder = 4;

// A script that plays as it is and shows the parts every mini-game has: units made at map
// init, an episode timer, the end the engine recognises (engine/scripted/README.md "The end").
constexpr std::string_view kStarterScript = R"galaxy(// A new mini-game, made by sc2lite --new-map. Edit this script in any text editor, then play
// the folder (put it under sc2lite's maps folder: sc2lite --maps DIR) or pack it
// (sc2lite --pack FOLDER FILE.SC2Map) for PySC2. engine/README.md "Making a mini-game" says more.
//
// Its rules: one Marine for player 1 at the start point; the episode lasts 60 game seconds and
// ends in Victory. Add units, triggers and a score (player 1's c_playerPropCurriculumScore is
// the score an agent is rewarded with).

const int gv_player = 1;
const fixed gv_episodeSeconds = 60.0;

timer gv_episodeTimer;
int gv_objective;
trigger gt_EpisodeOver;

// An episode ends at the end of a game loop that leaves every unit paused: in Victory, or in
// Defeat when an objective has failed.
bool gt_EpisodeOver_Func (bool testConds, bool runActions) {
    ObjectiveSetState(gv_objective, c_objectiveStateCompleted);
    UnitPauseAll(true);
    return true;
}

void InitMap () {
    // Region 1 of the Regions file is where units may go.
    RegionPlayableMapSet(RegionFromId(1));
    // Point 1 of the Objects file is player 1's start location.
    UnitCreate(1, "Marine", 0, gv_player, PointFromId(1), 90.0);
    gv_objective = ObjectiveCreate(StringToText("Play"), StringToText(""), c_objectiveStateActive, true);
    gv_episodeTimer = TimerCreate();
    TimerStart(gv_episodeTimer, gv_episodeSeconds, false, c_timeGame);
    gt_EpisodeOver = TriggerCreate("gt_EpisodeOver_Func");
    TriggerAddEventTimer(gt_EpisodeOver, gv_episodeTimer);
}
)galaxy";

std::string regions_xml(const CameraBounds& area) {
  std::ostringstream out;
  out << "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<Regions>\n"
      << "    <region id=\"1\">\n        <name value=\"Playable Space\"/>\n"
      << "        <shape type=\"rect\"><quad value=\"" << area.left << "," << area.bottom << "," << area.right << ","
      << area.top << "\"/></shape>\n    </region>\n</Regions>\n";
  return out.str();
}

std::string objects_xml(const CameraBounds& area) {
  std::ostringstream out;
  out << "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<PlacedObjects Version=\"27\">\n"
      << "    <ObjectPoint Id=\"1\" Position=\"" << (area.left + area.right) / 2.0 << ","
      << (area.bottom + area.top) / 2.0 << ",0\" Type=\"StartLoc\" Name=\"Start Location 1\"/>\n"
      << "</PlacedObjects>\n";
  return out.str();
}

std::string game_strings(const std::string& name) {
  return "\xEF\xBB\xBF" "DocInfo/Name=" + name + "\r\nDocInfo/DescShort=A new mini-game (sc2lite --new-map).\r\n";
}

}  // namespace

CameraBounds new_map_camera(const NewMapOptions& options) {
  const std::uint32_t max_side = MapLimits{}.max_map_side;
  for (const std::uint32_t side : {options.width, options.height}) {
    if (side < kMinSide || side > max_side) {
      throw MapError("--new-map", "a map side must be " + std::to_string(kMinSide) + " to " +
                                      std::to_string(max_side) + " cells, got " + std::to_string(side));
    }
  }
  CameraBounds camera = options.camera;
  if (camera == CameraBounds{}) {
    camera = {kDefaultBorder, kDefaultBorder, options.width - kDefaultBorder, options.height - kDefaultBorder};
  }
  if (camera.left >= camera.right || camera.bottom >= camera.top || camera.right > options.width ||
      camera.top > options.height) {
    throw MapError("--new-map", "the camera bounds must be a non-empty rectangle inside the " +
                                    std::to_string(options.width) + "x" + std::to_string(options.height) + " map");
  }
  return camera;
}

MapFiles new_map_files(const NewMapOptions& options) {
  const CameraBounds camera = new_map_camera(options);
  MapFiles files = flat_map_files(options.width, options.height, std::string(kStarterScript));
  MapInfo info = parse_map_info(files.require(file_names::kMapInfo));
  info.camera = camera;
  files.put(std::string(file_names::kMapInfo), map_info_bytes(info));
  files.add(std::string(file_names::kRegions), regions_xml(camera));
  files.add(std::string(file_names::kObjects), objects_xml(camera));
  files.add(std::string(file_names::kGameStrings), game_strings(options.name));
  return files;
}

}  // namespace sc2::engine::mapfile
