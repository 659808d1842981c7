#include "bench/render_sync_figure.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <unistd.h>

namespace sc2::bench {

namespace {

struct Run {
  double seconds = 0;
  long observations = 0;  // agent steps, each one drawn observation
};

std::string quoted(const std::string& text) { return "'" + text + "'"; }

// One sc2studio run; nullopt (and a message) when it failed.
std::optional<Run> run_studio(const std::string& studio, const RenderSyncOptions& options, int frames,
                              const std::filesystem::path& log_file) {
  std::filesystem::remove(log_file);
  const std::string size = std::to_string(options.size);
  const std::string command = "SDL_VIDEODRIVER=offscreen " + quoted(studio) + " --map " + quoted(options.map) +
                              " --agent scripted --render_sync --speed 0 --step_mul 1 --feature_screen_size " + size +
                              " --feature_minimap_size " + size + " --frames " + std::to_string(frames) +
                              " --action_log " + quoted(log_file.string()) + " >/dev/null 2>&1";
  const auto start = std::chrono::steady_clock::now();
  const int status = std::system(command.c_str());
  Run run;
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (status != 0) {
    std::fprintf(stderr, "frame_time_bench: %s exited with status %d\n", studio.c_str(), status);
    return std::nullopt;
  }
  try {
    std::ifstream in(log_file);
    const nlohmann::json log = nlohmann::json::parse(in);
    // The log keeps the latest entries only; each entry's sequence counts every call sent.
    if (!log.at("actions").empty()) run.observations = log.at("actions").back().at("sequence").get<long>();
  } catch (const std::exception& error) {
    std::fprintf(stderr, "frame_time_bench: cannot read %s: %s\n", log_file.string().c_str(), error.what());
    return std::nullopt;
  }
  return run;
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values.empty() ? 0.0 : values[values.size() / 2];
}

}  // namespace

int run_render_sync_figure(const RenderSyncOptions& options) {
  const std::filesystem::path log_file =
      std::filesystem::temp_directory_path() / ("frame_time_bench_sync_" + std::to_string(getpid()) + ".json");
  std::printf("synchronous rendering: %s at %dx%d, scripted agent, --render_sync --speed 0 --step_mul 1; "
              "runs of %d and %d frames, %d rounds\n",
              options.map.c_str(), options.size, options.size, options.short_frames, options.long_frames,
              options.rounds);
  std::vector<std::vector<double>> rates(options.studios.size());
  for (int round = 0; round < options.rounds; ++round) {
    for (std::size_t i = 0; i < options.studios.size(); ++i) {
      const auto short_run = run_studio(options.studios[i], options, options.short_frames, log_file);
      const auto long_run = run_studio(options.studios[i], options, options.long_frames, log_file);
      if (!short_run || !long_run) return 1;
      const double seconds = long_run->seconds - short_run->seconds;
      const long observations = long_run->observations - short_run->observations;
      const double rate = seconds > 0 ? observations / seconds : 0.0;
      rates[i].push_back(rate);
      std::printf("round %d  %-50s %6ld observations in %6.2f s: %7.1f observations drawn/s\n", round + 1,
                  options.studios[i].c_str(), observations, seconds, rate);
    }
  }
  std::filesystem::remove(log_file);
  std::printf("\n| sc2studio | observations drawn/s (median) | ratio to the first |\n|---|---:|---:|\n");
  const double first = median(rates.front());
  for (std::size_t i = 0; i < options.studios.size(); ++i) {
    std::printf("| %s | %.1f | %.2f |\n", options.studios[i].c_str(), median(rates[i]),
                first > 0 ? median(rates[i]) / first : 0.0);
  }
  return 0;
}

}  // namespace sc2::bench
