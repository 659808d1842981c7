#pragma once
// The names of the files a map holds that sc2lite reads (spec sc2-map-files.md §1.1).
#include <array>
#include <string_view>

namespace sc2::engine::mapfile::file_names {

inline constexpr std::string_view kMapInfo = "MapInfo";
inline constexpr std::string_view kMapScript = "MapScript.galaxy";
inline constexpr std::string_view kObjects = "Objects";
inline constexpr std::string_view kRegions = "Regions";
inline constexpr std::string_view kSyncHeightMap = "t3SyncHeightMap";
inline constexpr std::string_view kCellFlags = "t3CellFlags";
inline constexpr std::string_view kSyncCliffLevel = "t3SyncCliffLevel";
inline constexpr std::string_view kDocumentInfo = "DocumentInfo";
inline constexpr std::string_view kGameStrings = "enUS.SC2Data/LocalizedData/GameStrings.txt";
inline constexpr std::string_view kGameDataFolder = "Base.SC2Data/GameData/";
inline constexpr std::string_view kUnitData = "Base.SC2Data/GameData/UnitData.xml";

// Asked for by name when an archive's listing does not name them (an archive without a
// (listfile) still opens them by name).
inline constexpr std::array<std::string_view, 11> kKnown = {
    kMapInfo, kMapScript, kObjects, kRegions, kSyncHeightMap, kCellFlags, kSyncCliffLevel,
    kDocumentInfo, kGameStrings, kUnitData, "Base.SC2Data/GameData/ValidatorData.xml"};

}  // namespace sc2::engine::mapfile::file_names
