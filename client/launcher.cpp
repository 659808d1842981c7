// Launcher: decides which game binary to run, starts it with the game's command line,
// waits until its websocket accepts and stops it again. POSIX only (posix_spawn, waitpid).
#include "client/launcher.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <thread>

#include "transport/websocket_client.h"
#include "client/wait_spin.h"
#include "client/websocket_channel.h"

extern char** environ;

namespace sc2 {

namespace fs = std::filesystem;
using std::chrono::milliseconds;
using std::chrono::steady_clock;

namespace {

constexpr milliseconds kConnectRetryPause{100};  // between attempts we check the child is alive
constexpr milliseconds kQuitGrace{2000};
constexpr milliseconds kTermGrace{1000};
constexpr milliseconds kPollPause{20};

// "Base75689" -> 75689; nullopt for anything else.
std::optional<unsigned long long> base_build(const std::string& name) {
  constexpr std::string_view prefix = "Base";
  if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0) return {};
  const std::string digits = name.substr(prefix.size());
  if (digits.size() > 18 || digits.find_first_not_of("0123456789") != std::string::npos) return {};
  return std::stoull(digits);
}

std::string describe_wait_status(int status) {
  if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status))
    return "was killed by signal " + std::to_string(WTERMSIG(status)) + " (" +
           strsignal(WTERMSIG(status)) + ")";
  return "stopped (wait status " + std::to_string(status) + ")";
}

std::string with_trailing_slash(const fs::path& path) {
  std::string text = path.string();
  if (text.empty() || text.back() != '/') text += '/';
  return text;
}

std::string format_duration(milliseconds duration) {
  if (duration.count() % 1000 == 0) return std::to_string(duration.count() / 1000) + " s";
  return std::to_string(duration.count()) + " ms";
}

fs::path make_temp_dir() {
  std::string pattern = (fs::temp_directory_path() / "sc-XXXXXX").string();
  if (!::mkdtemp(pattern.data()))
    throw LaunchError("cannot create a temporary folder " + pattern + ": " + std::strerror(errno));
  return pattern;
}

// The child's environment: ours, plus <root>/Libs on LD_LIBRARY_PATH for a real game.
std::vector<std::string> child_environment(const GameExecutable& executable) {
  std::vector<std::string> environment;
  std::string library_path = executable.is_sc2lite ? "" : with_trailing_slash(executable.data_dir / "Libs");
  for (char** entry = environ; *entry; ++entry) {
    std::string variable = *entry;
    if (variable.rfind("SC2LITE_EXIT_WITH_PARENT=", 0) == 0) continue;  // ours is set below, if at all
    if (!library_path.empty() && variable.rfind("LD_LIBRARY_PATH=", 0) == 0) {
      library_path = variable + ":" + library_path;
      continue;
    }
    environment.push_back(std::move(variable));
  }
  if (!library_path.empty()) {
    if (library_path.rfind("LD_LIBRARY_PATH=", 0) != 0) library_path = "LD_LIBRARY_PATH=" + library_path;
    environment.push_back(library_path);
  }
  // sc2lite stops by itself if we die without stopping it (engine/server/parent_watch.h).
  if (executable.is_sc2lite) environment.push_back("SC2LITE_EXIT_WITH_PARENT=" + std::to_string(::getpid()));
  return environment;
}

std::vector<char*> pointers_to(std::vector<std::string>& strings) {
  std::vector<char*> pointers;
  for (std::string& text : strings) pointers.push_back(text.data());
  pointers.push_back(nullptr);
  return pointers;
}

}  // namespace

fs::path find_sc2_binary(const fs::path& root) {
  std::error_code ec;
  if (!fs::is_directory(root, ec))
    throw LaunchError("StarCraft II folder not found: " + root.string());
  const fs::path versions = root / "Versions";
  if (!fs::is_directory(versions, ec))
    throw LaunchError("no Versions folder in the StarCraft II folder: " + versions.string() +
                      " does not exist");
  std::optional<unsigned long long> best;
  fs::path best_dir;
  for (const auto& entry : fs::directory_iterator(versions, ec)) {
    const auto build = base_build(entry.path().filename().string());
    if (build && entry.is_directory(ec) && (!best || *build > *best)) {
      best = build;
      best_dir = entry.path();
    }
  }
  if (!best)
    throw LaunchError("no game version in " + versions.string() +
                      " (expected a folder named BaseNNNNN)");
  const fs::path binary = best_dir / "SC2_x64";
  if (!fs::exists(binary, ec)) throw LaunchError("No SC2 binary found at: " + binary.string());
  if (::access(binary.c_str(), X_OK) != 0)
    throw LaunchError("found " + binary.string() + " but it is not executable");
  return binary;
}

GameExecutable choose_executable(const LaunchOptions& options) {
  std::optional<fs::path> root = options.sc2path;
  if (!root) {
    const char* env = std::getenv("SC2PATH");
    if (env && *env) root = fs::path(env);
  }
  if (root) return GameExecutable{find_sc2_binary(*root), *root, false};

  const fs::path sc2lite = options.sc2lite_dir / "sc2lite";
  std::error_code ec;
  if (!fs::exists(sc2lite, ec))
    throw LaunchError("sc2lite not found at " + sc2lite.string() +
                      " (and no StarCraft II given: set SC2PATH or pass the game's folder)");
  if (::access(sc2lite.c_str(), X_OK) != 0)
    throw LaunchError("found " + sc2lite.string() + " but it is not executable");
  return GameExecutable{sc2lite, options.sc2lite_dir, true};
}

std::uint16_t pick_free_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) throw LaunchError(std::string("cannot pick a free port: socket(): ") + std::strerror(errno));
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = 0;
  socklen_t size = sizeof address;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &size) != 0) {
    const int error = errno;
    ::close(fd);
    throw LaunchError(std::string("cannot pick a free port on 127.0.0.1: ") + std::strerror(error));
  }
  ::close(fd);
  return ntohs(address.sin_port);
}

std::unique_ptr<GameProcess> GameProcess::launch(const LaunchOptions& options) {
  return launch(options, choose_executable(options));
}

std::unique_ptr<GameProcess> GameProcess::launch(const LaunchOptions& options, GameExecutable executable) {
  std::unique_ptr<GameProcess> game(new GameProcess());
  game->executable_ = std::move(executable);
  game->temp_dir_ = make_temp_dir();
  game->port_ = pick_free_port();
  const std::string program = game->executable_.path.string();

  std::vector<std::string> arguments = {program,
                                        "-listen", "127.0.0.1",
                                        "-port", std::to_string(game->port_),
                                        "-dataDir", with_trailing_slash(game->executable_.data_dir),
                                        "-tempDir", with_trailing_slash(game->temp_dir_)};
  arguments.insert(arguments.end(), options.extra_args.begin(), options.extra_args.end());
  std::vector<std::string> environment = child_environment(game->executable_);
  auto argv = pointers_to(arguments);
  auto envp = pointers_to(environment);
  // The game's own output goes to our stderr: our stdout belongs to the program's results
  // (e.g. sc2agent --json), and a real game prints a lot.
  posix_spawn_file_actions_t file_actions;
  ::posix_spawn_file_actions_init(&file_actions);
  ::posix_spawn_file_actions_adddup2(&file_actions, STDERR_FILENO, STDOUT_FILENO);
  pid_t pid = -1;
  const int spawn_error =
      ::posix_spawn(&pid, program.c_str(), &file_actions, nullptr, argv.data(), envp.data());
  ::posix_spawn_file_actions_destroy(&file_actions);
  if (spawn_error != 0)
    throw LaunchError("cannot start " + program + ": " + std::strerror(spawn_error));
  game->pid_ = pid;

  // Until it accepts: try to connect, and between attempts make sure it is still alive.
  const std::string url = "ws://127.0.0.1:" + std::to_string(game->port_) + "/sc2api";
  const auto deadline = steady_clock::now() + options.startup_timeout;
  std::string last_error = "no connection attempt was made";
  for (;;) {
    if (!game->running())
      throw LaunchError(program + " " + describe_wait_status(game->exit_status_) +
                        " before accepting connections on " + url + " (last attempt: " +
                        last_error + ")");
    const auto remaining = std::chrono::duration_cast<milliseconds>(deadline - steady_clock::now());
    if (remaining <= milliseconds(0)) break;
    // A refused connection fails at once; a game that listens gets all the time left
    // to finish the handshake (a short per-attempt cap would cut a slow game off).
    auto client = std::make_unique<net::WebSocketClient>();
    try {
      client->connect("127.0.0.1", game->port_, remaining);
      game->controller_ = std::make_unique<Controller>(
          std::make_unique<WebSocketChannel>(std::move(client)), options.controller);
      return game;
    } catch (const net::TransportError& error) {
      last_error = error.what();
    }
    std::this_thread::sleep_for(kConnectRetryPause);
  }
  throw LaunchError(program + " did not accept connections on " + url + " within " +
                    format_duration(options.startup_timeout) + " (last attempt: " + last_error +
                    "); it was stopped");
}

bool GameProcess::running() const {
  if (pid_ <= 0 || reaped_) return false;
  int status = 0;
  const pid_t result = ::waitpid(pid_, &status, WNOHANG);
  if (result == pid_ || (result < 0 && errno == ECHILD)) {
    reaped_ = true;
    exit_status_ = status;
    return false;
  }
  return true;
}

bool GameProcess::wait_for_exit(milliseconds timeout) const {
  const auto deadline = steady_clock::now() + timeout;
  while (running()) {
    if (steady_clock::now() >= deadline) return false;
    std::this_thread::sleep_for(kPollPause);
  }
  return true;
}

GameProcess::~GameProcess() {
  // Politely first (only if it ever answered), then SIGTERM, then SIGKILL.
  const bool connected = controller_ != nullptr;
  if (controller_) {
    controller_->quit();
    controller_.reset();
  }
  if (pid_ > 0 && !(connected && wait_for_exit(kQuitGrace))) {
    if (running()) ::kill(pid_, SIGTERM);
    if (!wait_for_exit(kTermGrace)) {
      ::kill(pid_, SIGKILL);
      int status = 0;
      if (!reaped_ && ::waitpid(pid_, &status, 0) == pid_) {
        reaped_ = true;
        exit_status_ = status;
      }
    }
  }
  if (!temp_dir_.empty()) {
    std::error_code ignored;
    fs::remove_all(temp_dir_, ignored);
  }
}

std::unique_ptr<GameProcess> launch_game(const GameChoice& choice, const OnLaunching& on_launching) {
  LaunchOptions options;
  options.sc2path = choice.sc2path;
  options.sc2lite_dir = choice.sc2lite_dir;
  options.startup_timeout = choice.startup_timeout;
  GameExecutable executable = choose_executable(options);
  if (choice.core) {
    if (!executable.is_sc2lite)
      throw LaunchError("pinning the game to a core is for sc2lite only, not " + executable.path.string() +
                        " (a real StarCraft II runs many threads)");
    options.extra_args = {"--cpu", std::to_string(*choice.core)};
  }
  // This program's polling limit for the game's end too (a real StarCraft II has its own ways).
  if (executable.is_sc2lite) {
    options.extra_args.push_back("--wait_spin_us");
    options.extra_args.push_back(std::to_string(wait_spin().count()));
  }
  if (on_launching) on_launching(executable);
  return GameProcess::launch(options, std::move(executable));
}

}  // namespace sc2
