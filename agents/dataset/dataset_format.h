#pragma once
// The names and fixed sizes of a dataset folder (agents/dataset/FORMAT.md describes it).
#include <string_view>

namespace sc2::agents::dataset {

inline constexpr std::string_view kFormatName = "sc2studio-dataset";
inline constexpr int kFormatVersion = 1;

inline constexpr std::string_view kIndexFile = "index.json";
inline constexpr std::string_view kScreenFile = "feature_screen.npy";        // int32 (steps, 27, H, W)
inline constexpr std::string_view kMinimapFile = "feature_minimap.npy";      // int32 (steps, 11, h, w)
inline constexpr std::string_view kFunctionFile = "function_ids.npy";        // int32 (steps,)
inline constexpr std::string_view kArgumentFile = "arguments.npy";           // int32 (steps, 3, 2), -1 = unused
inline constexpr std::string_view kRewardFile = "rewards.npy";               // float32 (steps,)
inline constexpr std::string_view kAvailableFile = "available_actions.npy";  // uint8 (steps, 573)
inline constexpr std::string_view kGameLoopFile = "game_loop.npy";           // int32 (steps,)

// Most arguments of any function (select_rect: select_add, screen, screen2) and most
// values per argument (a point's x, y).
inline constexpr int kMaxArguments = 3;
inline constexpr int kArgumentValues = 2;
inline constexpr int kUnusedArgument = -1;

}  // namespace sc2::agents::dataset
