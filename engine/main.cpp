// sc2lite: a headless StarCraft II API game server for the PySC2 mini-games.
// Accepts the game binary's command line (single-dash long flags such as -listen, -port,
// -dataDir, -tempDir); flags it has no use for are logged once and ignored.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <arpa/inet.h>
#include <pthread.h>
#include <string>
#include <thread>
#include <vector>

#include <CLI/CLI.hpp>

#include "engine/maps/melee_registry.h"
#include "engine/mapfile/map_packing.h"
#include "engine/mapfile/new_map.h"
#include "engine/scripted/map_source.h"
#include "engine/server/engine_host.h"
#include "engine/server/parent_watch.h"
#include "transport/core_pinning.h"
#include "transport/wait_spin.h"

namespace {

namespace fs = std::filesystem;

constexpr char kPlaceholderStart[] = "sc2lite map placeholder: ";

// The game spells long flags with one dash (-listen); CLI11 reads "-listen" as short flags.
// Rewrite "-word" into "--word"; leave "--word", "-x" and negative numbers alone.
std::vector<std::string> normalise_flags(int argc, char** argv) {
  std::vector<std::string> args;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    const bool single_dash_word = a.size() > 2 && a[0] == '-' && a[1] != '-' &&
                                  !(a[1] >= '0' && a[1] <= '9') && a[1] != '.';
    args.push_back(single_dash_word ? "-" + a : a);
  }
  return args;
}

// sc2lite's own flags that a launcher script passes on (pacing: README "Watching an agent
// you did not write"), each "--name" or "--name value".
std::vector<std::string> pace_flags(double speed, bool pause_on_start, bool observer_control) {
  std::vector<std::string> flags;
  if (speed > 0) {
    std::ostringstream text;
    text << speed;
    flags.push_back("--speed " + text.str());
  }
  if (pause_on_start) flags.push_back("--pause_on_start");
  if (observer_control) flags.push_back("--observer_control");
  return flags;
}

// Whether `path` holds something other than nothing or one of our placeholders: a link (whatever
// it points to: writing through it once replaced the real map files a layout linked to), a
// folder, or a file we did not write. --install-layout never overwrites it.
bool holds_a_map(const fs::path& path) {
  std::error_code ec;
  const fs::file_status status = fs::symlink_status(path, ec);
  if (ec || status.type() == fs::file_type::not_found) return false;
  if (status.type() != fs::file_type::regular) return true;
  std::ifstream file(path, std::ios::binary);
  std::string start(sizeof kPlaceholderStart - 1, '\0');
  file.read(start.data(), static_cast<std::streamsize>(start.size()));
  return start != kPlaceholderStart;
}

// --pack DIR FILE / --unpack FILE DIR (engine/mapfile/map_packing.h): 0 when done, 1 with the
// reason when the map cannot be read or written.
int pack_or_unpack(const std::vector<std::string>& pack, const std::vector<std::string>& unpack) {
  namespace mf = sc2::engine::mapfile;
  try {
    if (!pack.empty()) {
      const std::size_t files = mf::pack_map_folder(pack[0], pack[1]);
      std::cout << "sc2lite: packed " << files << " files of " << pack[0] << " into " << pack[1] << "\n";
    } else {
      const std::size_t files = mf::unpack_map_archive(unpack[0], unpack[1]);
      std::cout << "sc2lite: unpacked " << files << " files of " << unpack[0] << " into " << unpack[1] << "\n";
    }
    return 0;
  } catch (const std::exception& error) {
    std::cerr << "sc2lite: " << error.what() << "\n";
    return 1;
  }
}

// --new-map DIR (engine/mapfile/new_map.h): 0 when written, 1 with the reason.
int new_map(const fs::path& folder, const std::vector<std::uint32_t>& size, const std::vector<std::uint32_t>& camera) {
  namespace mf = sc2::engine::mapfile;
  try {
    mf::NewMapOptions options;
    if (size.size() == 2) options.width = size[0], options.height = size[1];
    if (camera.size() == 4) options.camera = {camera[0], camera[1], camera[2], camera[3]};
    options.name = fs::path(folder).lexically_normal().filename().string();
    if (options.name.empty()) options.name = fs::path(folder).lexically_normal().parent_path().filename().string();
    if (options.name.ends_with(".SC2Map")) options.name.resize(options.name.size() - 7);
    mf::write_map_folder(mf::new_map_files(options), folder);
    std::cout << "sc2lite: wrote a new " << options.width << "x" << options.height << " map into " << folder.string()
              << ": edit its MapScript.galaxy, then play it from the maps folder or --pack it\n";
    return 0;
  } catch (const std::exception& error) {
    std::cerr << "sc2lite: " << error.what() << "\n";
    return 1;
  }
}

// Writes DIR/Versions/Base75689/SC2_x64 (runs this binary with `flags` before the game's
// own), DIR/Maps/mini_games/*.SC2Map and DIR/Maps/Melee/*.SC2Map, the layout PySC2 checks for before it connects.
int install_layout(const fs::path& root, const std::vector<std::string>& flags) {
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (ec) {
    std::cerr << "sc2lite: cannot find my own path (/proc/self/exe): " << ec.message() << "\n";
    return 1;
  }
  const fs::path version_dir = root / "Versions" / ("Base" + std::to_string(sc2::engine::kBaseBuild));
  const fs::path maps_dir = root / "Maps" / "mini_games";
  fs::create_directories(version_dir, ec);
  if (!ec) fs::create_directories(maps_dir, ec);
  if (!ec) fs::create_directories(root / "Replays", ec);
  if (ec) {
    std::cerr << "sc2lite: cannot create the layout under " << root << ": " << ec.message() << "\n";
    return 1;
  }
  const fs::path launcher = version_dir / "SC2_x64";
  {
    std::ofstream script(launcher, std::ios::trunc);
    std::string quoted;  // single-quoted for sh: ' becomes '\''
    for (char ch : self.string()) quoted += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
    script << "#!/bin/sh\n# Installed by sc2lite --install-layout: the 'game' is sc2lite.\nexec '" << quoted << "'";
    for (const auto& flag : flags) script << " " << flag;  // numbers and plain names: no quoting needed
    script << " \"$@\"\n";
    if (!script) {
      std::cerr << "sc2lite: cannot write " << launcher << "\n";
      return 1;
    }
  }
  fs::permissions(launcher, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                fs::perms::others_read | fs::perms::others_exec, ec);
  // Maps/mini_games/<Name>.SC2Map and Maps/Melee/<Name>.SC2Map: PySC2 reads a map's bytes
  // before it creates a game; a placeholder's bytes (not an archive) play the built-in map.
  // A map already there that is not our placeholder (a real file, a link to one, a folder) is
  // kept: sc2lite plays it from its file (engine/scripted).
  for (const auto& list : {sc2::engine::mini_games(), sc2::engine::melee_maps()}) {
    for (const auto& entry : list) {
      const fs::path path = root / "Maps" / sc2::engine::map_path_of(entry);
      if (holds_a_map(path)) {
        std::cout << "sc2lite: kept the map " << path.string() << "\n";
        continue;
      }
      fs::create_directories(path.parent_path(), ec);
      std::ofstream map(path, std::ios::trunc | std::ios::binary);
      map << kPlaceholderStart << entry.name << "\n";
      if (ec || !map) {
        std::cerr << "sc2lite: cannot write " << path << "\n";
        return 1;
      }
    }
  }
  std::cout << "sc2lite: installed the SC2PATH layout under " << fs::absolute(root).string() << "\n";
  return 0;
}

// True for addresses only this machine can reach: 127.0.0.0/8, ::1 and "localhost".
bool is_loopback(const std::string& host) {
  if (host == "localhost") return true;
  in_addr v4{};
  if (inet_pton(AF_INET, host.c_str(), &v4) == 1) return (ntohl(v4.s_addr) >> 24) == 127;
  in6_addr v6{};
  if (inet_pton(AF_INET6, host.c_str(), &v6) == 1) return IN6_IS_ADDR_LOOPBACK(&v6);
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"sc2lite: headless StarCraft II API server for the PySC2 mini-games.\n"
               "Takes the game's flags (-listen HOST -port N -dataDir D -tempDir T ...), single or double dash."};
  app.allow_extras();
  std::string listen = "127.0.0.1";
  int port = 0;
  std::string data_dir, temp_dir, data_version, egl_path, osmesa_path, install_dir;
  int display_mode = 0, window_width = 0, window_height = 0, window_x = 0, window_y = 0;
  bool verbose = false, verbose_mp = false, headless = false, ipv6 = false;
  std::uint32_t seed = 1;
  double speed = 0;
  bool pause_on_start = false, observer_control = false;
  app.add_option("--listen", listen, "address to listen on")->capture_default_str();
  app.add_option("--port", port, "port to listen on (0 = any free port)")->check(CLI::Range(0, 65535));
  app.add_option("--dataDir", data_dir, "game data directory (accepted, unused)");
  app.add_option("--tempDir", temp_dir, "temporary directory (accepted, unused)");
  app.add_option("--dataVersion", data_version, "data version hash (accepted, unused)");
  app.add_option("--eglpath", egl_path, "EGL library (accepted, unused: no rendering)");
  app.add_option("--osmesapath", osmesa_path, "OSMesa library (accepted, unused: no rendering)");
  app.add_option("--displayMode", display_mode, "window mode (accepted, unused)");
  app.add_option("--windowwidth", window_width, "window width (accepted, unused)");
  app.add_option("--windowheight", window_height, "window height (accepted, unused)");
  app.add_option("--windowx", window_x, "window x (accepted, unused)");
  app.add_option("--windowy", window_y, "window y (accepted, unused)");
  app.add_flag("--verbose", verbose, "log requests that fail and game events to stderr");
  app.add_flag("--verboseMP", verbose_mp, "(accepted, unused)");
  app.add_flag("--headlessNoRender", headless, "(accepted; sc2lite never renders)");
  app.add_flag("--ipv6", ipv6, "(accepted; the listen address decides)");
  app.add_option("--seed", seed, "game seed when create_game has no random_seed")->capture_default_str();
  std::string maps_dir;
  app.add_option("--maps", maps_dir,
                 "maps folder: create_game's map_path is relative to it and available_maps lists its .SC2Map "
                 "files (default: $SC2PATH/Maps, else the -dataDir's Maps)");
  app.add_option("--speed", speed,
                 "hold each step of the player to X times real time (22.4 game loops/s = 1); 0 = as fast as "
                 "the player steps")
      ->check(CLI::Validator(
          [](std::string& text) {
            double value = -1;
            try {
              value = std::stod(text);
            } catch (const std::exception&) {
            }
            if (std::isfinite(value) && value >= 0) return std::string();
            return "must be 0 (as fast as the player steps) or a positive multiple of real time, not " + text;
          },
          "SPEED"))
      ->capture_default_str();
  app.add_flag("--pause_on_start", pause_on_start,
               "hold the player's first step until an observer resumes (needs --observer_control)");
  app.add_flag("--observer_control", observer_control,
               "let an observer (sc2studio --connect) pace, pause and single-step the player's game");
  int cpu = -1;
  app.add_option("--cpu", cpu,
                 "run on this core only (sc2agent --pin_cores: the game and its agent share a core, as they take turns)")
      ->check(CLI::NonNegativeNumber);
  int wait_spin_us = static_cast<int>(sc2::net::kDefaultWaitSpin.count());
  app.add_option("--wait_spin_us", wait_spin_us,
                 "microseconds a wait for the next request polls before it sleeps, while requests have been "
                 "coming that soon: spares a fast agent the wake-up of an idle core, costs CPU (0 = always sleep)")
      ->capture_default_str()
      ->check(CLI::Range(0, 1000000));
  app.add_option("--install-layout", install_dir,
                 "create DIR/Versions/Base75689/SC2_x64 (runs sc2lite, with --speed, --pause_on_start, "
                 "--observer_control and --wait_spin_us when given) and DIR/Maps/mini_games/*.SC2Map, then exit");
  std::vector<std::string> pack_args, unpack_args;
  app.add_option("--pack", pack_args,
                 "DIR FILE.SC2Map: write the map folder DIR as the archive FILE (checked to read as a map first), "
                 "then exit")
      ->expected(2);
  app.add_option("--unpack", unpack_args,
                 "FILE.SC2Map DIR: write the archive's files into DIR (new or empty: never overwritten), to edit "
                 "its script as text, then exit")
      ->expected(2);
  std::string new_map_dir;
  std::vector<std::uint32_t> new_map_size, new_map_camera;
  app.add_option("--new-map", new_map_dir,
                 "DIR: write a new map folder to start a mini-game from (flat ground, a playable region, a start "
                 "point, a starter script), then exit; DIR must be new or empty");
  app.add_option("--map-size", new_map_size, "W H: the new map's size in cells (default 64 64)")
      ->expected(2)
      ->needs("--new-map");
  app.add_option("--camera-bounds", new_map_camera,
                 "LEFT BOTTOM RIGHT TOP: where the new map's camera may go and its playable area "
                 "(default: the map but a 4-cell border)")
      ->expected(4)
      ->needs("--new-map");

  std::vector<std::string> args = normalise_flags(argc, argv);
  std::reverse(args.begin(), args.end());  // CLI11 parses a reversed vector
  try {
    app.parse(args);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  if (!app.remaining().empty()) {
    std::string ignored;
    for (const auto& r : app.remaining()) ignored += " " + r;
    std::cerr << "sc2lite: ignoring unknown arguments:" << ignored << "\n";
  }
  if (pause_on_start && !observer_control) {
    std::cerr << "sc2lite: --pause_on_start needs --observer_control: only an observer can resume the game\n";
    return 2;
  }
  if (cpu >= 0) {
    try {
      sc2::net::pin_this_thread(cpu);  // before any thread starts: they all inherit the core
    } catch (const std::exception& e) {
      std::cerr << "sc2lite: --cpu " << cpu << ": " << e.what() << "\n";
      return 2;
    }
  }
  sc2::net::set_wait_spin(std::chrono::microseconds(wait_spin_us));
  if (!pack_args.empty() || !unpack_args.empty()) return pack_or_unpack(pack_args, unpack_args);
  if (!new_map_dir.empty()) return new_map(new_map_dir, new_map_size, new_map_camera);
  if (!install_dir.empty()) {
    std::vector<std::string> flags = pace_flags(speed, pause_on_start, observer_control);
    if (wait_spin_us != sc2::net::kDefaultWaitSpin.count()) flags.push_back("--wait_spin_us " + std::to_string(wait_spin_us));
    return install_layout(install_dir, flags);
  }

  // Signals are taken by one thread with sigwait, so stopping never runs in a handler.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);

  sc2::engine::ServerOptions options;
  options.default_seed = seed;
  options.maps_dir = !maps_dir.empty()               ? fs::path(maps_dir)
                     : !sc2::engine::scripted::default_maps_dir().empty() ? sc2::engine::scripted::default_maps_dir()
                     : !data_dir.empty()             ? fs::path(data_dir) / "Maps"
                                                     : fs::path();
  options.pace = {speed, pause_on_start};
  options.observer_control = observer_control;
  if (verbose) options.log = [](std::string_view line) { std::cerr << "sc2lite: " << line << "\n"; };

  try {
    sc2::engine::EngineHost host(listen, static_cast<std::uint16_t>(port), options);
    host.start();
    std::cout << "sc2lite listening on " << listen << ":" << host.port() << std::endl;
    if (speed > 0 || pause_on_start) {
      std::cerr << "sc2lite: the player's steps are held to ";
      if (speed > 0) std::cerr << speed << "x real time";
      else std::cerr << "no speed limit";
      std::cerr << (pause_on_start ? ", paused until an observer resumes" : "") << "\n";
    }
    if (!is_loopback(listen)) {
      std::cerr << "sc2lite: warning: listening on " << listen << ", which other machines may reach. "
                << "The SC2 API has no authentication: anyone who connects can control the game. "
                << "Use -listen 127.0.0.1 unless you mean it.\n";
    }
    // Whatever asks the server to stop from another thread (a signal, the parent's death) is
    // joined before `host` is destroyed: host.wait() returns while such a thread may still be
    // inside host.stop().
    std::atomic<bool> quitting = false;
    std::thread signal_waiter([&host, &quitting, signals] {
      const timespec tick{0, 100'000'000};  // looks at `quitting` ten times a second
      while (!quitting) {
        if (sigtimedwait(&signals, nullptr, &tick) > 0) {
          host.stop();
          return;
        }
      }
    });
    std::optional<sc2::engine::ParentWatch> parent_watch;
    if (const auto parent = sc2::engine::parent_to_follow(std::getenv(sc2::engine::kExitWithParentVariable))) {
      parent_watch.emplace(*parent, [&host, parent = *parent] {
        std::cerr << "sc2lite: the program that started it (pid " << parent << ") is gone; stopping\n";
        host.stop();
      });
    }
    host.wait();
    quitting = true;
    parent_watch.reset();
    signal_waiter.join();
    host.stop();
  } catch (const std::exception& e) {
    std::cerr << "sc2lite: cannot serve on " << listen << ":" << port << ": " << e.what() << "\n";
    return 1;
  }
  return 0;
}
