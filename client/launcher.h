#pragma once
// Launcher: starts a game process (a real StarCraft II or our sc2lite) with the game's
// command line on a free loopback port, waits until its websocket accepts, hands out a
// connected Controller, and stops the process when destroyed.
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "client/controller.h"

namespace sc2 {

class LaunchError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct LaunchOptions {
  // StarCraft II install root (has Versions/BaseNNNNN/SC2_x64). Empty: use $SC2PATH;
  // with neither, launch sc2lite from `sc2lite_dir`.
  std::optional<std::filesystem::path> sc2path;
  // Folder holding the sc2lite binary (normally the folder of the running program).
  std::filesystem::path sc2lite_dir;
  std::vector<std::string> extra_args;  // appended to the game's command line
  std::chrono::milliseconds startup_timeout{60000};
  ControllerOptions controller;
};

// What will be started, decided before starting it.
struct GameExecutable {
  std::filesystem::path path;
  std::filesystem::path data_dir;  // -dataDir (the install root; for sc2lite its own folder)
  bool is_sc2lite = false;
};

// Highest Versions/BaseNNNNN/SC2_x64 under `root`; throws LaunchError naming what is missing.
std::filesystem::path find_sc2_binary(const std::filesystem::path& root);
// Applies the rules of LaunchOptions (flag, then $SC2PATH, then sc2lite). Throws LaunchError.
GameExecutable choose_executable(const LaunchOptions& options);
// A free TCP port on 127.0.0.1 (bound and released).
std::uint16_t pick_free_port();

class GameProcess {
 public:
  // Starts the game and connects; throws LaunchError (with the program's path and
  // the reason) when it cannot start or does not accept within startup_timeout.
  static std::unique_ptr<GameProcess> launch(const LaunchOptions& options);
  // The same with the executable already chosen (choose_executable(options)).
  static std::unique_ptr<GameProcess> launch(const LaunchOptions& options, GameExecutable executable);
  ~GameProcess();  // quit, then SIGTERM, then SIGKILL if it will not stop; waits for it
  GameProcess(const GameProcess&) = delete;
  GameProcess& operator=(const GameProcess&) = delete;

  Controller& controller() { return *controller_; }
  std::uint16_t port() const { return port_; }
  const GameExecutable& executable() const { return executable_; }
  bool running() const;  // the process has not exited (reaps it once it has)
  int pid() const { return pid_; }

 private:
  GameProcess() = default;
  bool wait_for_exit(std::chrono::milliseconds timeout) const;  // true once it has exited
  GameExecutable executable_;
  std::uint16_t port_ = 0;
  int pid_ = -1;
  mutable bool reaped_ = false;   // waitpid() has collected it
  mutable int exit_status_ = 0;   // its wait status, once reaped
  std::filesystem::path temp_dir_;
  std::unique_ptr<Controller> controller_;
};

// Which game a program starts, as its options say: an installed StarCraft II (sc2path, else
// $SC2PATH) or sc2lite from sc2lite_dir; how long it may take to accept.
struct GameChoice {
  std::optional<std::filesystem::path> sc2path;
  std::filesystem::path sc2lite_dir;
  std::chrono::milliseconds startup_timeout{60000};
  // Run sc2lite on this core only (sc2agent --pin_cores, transport/core_pinning.h); a real
  // StarCraft II is refused then (it runs many threads of its own).
  std::optional<int> core = std::nullopt;
};
// Told what is about to start, before it starts (e.g. to show "launching <path>").
using OnLaunching = std::function<void(const GameExecutable&)>;

// The one way the programs start their game: chooses the executable (choose_executable's
// rules), tells `on_launching`, then starts it and connects (GameProcess::launch). Throws
// LaunchError as those do.
std::unique_ptr<GameProcess> launch_game(const GameChoice& choice, const OnLaunching& on_launching = {});

}  // namespace sc2
