// `sc2train --world_size 2` as two real processes on 127.0.0.1 (tiny settings, a few seconds):
// the ranks end with identical networks after updates on different games, rank 0 alone writes
// the outputs with both ranks' steps, and every failure ends both processes with a clear line
// instead of a hang: a killed rank, an absent master, a missing rank, different settings.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#include <torch/csrc/distributed/c10d/TCPStore.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace {

using Clock = std::chrono::steady_clock;
namespace fs = std::filesystem;

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// A port nobody listens on now (the kernel's pick for a socket bound to port 0).
int free_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof(address);
  REQUIRE(::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) == 0);
  REQUIRE(::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0);
  ::close(fd);
  return ntohs(address.sin_port);
}

struct Scratch {
  fs::path dir = fs::temp_directory_path() / ("sc2_distributed_" + std::to_string(::getpid()));
  Scratch() { fs::create_directories(dir); }
  ~Scratch() {
    std::error_code ignored;
    fs::remove_all(dir, ignored);
  }
};

// One sc2train process, its output in files named after `name`.
class Rank {
 public:
  // `extra_environment`: NAME=value entries added to this process's environment.
  Rank(const Scratch& scratch, const std::string& name, std::vector<std::string> arguments,
       std::vector<std::string> extra_environment = {})
      : out_(scratch.dir / (name + ".out")), err_(scratch.dir / (name + ".err")) {
    const std::string program = (fs::path(SC2_BIN_DIR) / "sc2train").string();
    arguments.insert(arguments.begin(), program);
    std::vector<char*> argv;
    for (auto& argument : arguments) argv.push_back(argument.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t files;
    posix_spawn_file_actions_init(&files);
    posix_spawn_file_actions_addopen(&files, 1, out_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&files, 2, err_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    std::vector<char*> environment;
    for (char** entry = environ; *entry != nullptr; ++entry) environment.push_back(*entry);
    for (auto& entry : extra_environment) environment.push_back(entry.data());
    environment.push_back(nullptr);
    REQUIRE(posix_spawn(&pid_, program.c_str(), &files, nullptr, argv.data(), environment.data()) == 0);
    posix_spawn_file_actions_destroy(&files);
  }
  ~Rank() {
    if (running()) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
  }

  // The exit code, or -1 when the process is still running after `limit` (it is then killed).
  int wait(std::chrono::seconds limit) {
    const auto deadline = Clock::now() + limit;
    while (Clock::now() < deadline) {
      int status = 0;
      if (::waitpid(pid_, &status, WNOHANG) == pid_) {
        done_ = true;
        return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return -1;
  }
  void kill() {
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
    done_ = true;
  }
  bool running() const { return !done_; }
  std::string out() const { return read_text(out_); }
  std::string err() const { return read_text(err_); }

 private:
  fs::path out_, err_;
  pid_t pid_ = -1;
  bool done_ = false;
};

bool built() {
  if (fs::exists(fs::path(SC2_BIN_DIR) / "sc2train")) return true;
  MESSAGE("skipped: sc2train is not built");
  return false;
}

// The tiny run both ranks share: 2 games at 8x8, 4 steps per update, 3 updates (2 ranks x 2
// games x 4 steps = 16 steps per update).
std::vector<std::string> tiny_run(int rank, int port, const std::string& out, const std::string& steps = "48",
                                  const std::string& timeout = "20") {
  return {"--map", "MoveToBeacon", "--feature_screen_size", "8", "--envs", "2", "--nsteps", "4", "--steps", steps,
          "--out", out, "--world_size", "2", "--rank", std::to_string(rank), "--master",
          "127.0.0.1:" + std::to_string(port), "--dist_timeout", timeout, "--quiet"};
}

// "...: parameters 0123456789abcdef; ..." from a rank's closing line.
std::string fingerprint(const std::string& out) {
  const std::string label = ": parameters ";
  const auto at = out.find(label);
  if (at == std::string::npos) return "";
  return out.substr(at + label.size(), 16);
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> result;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) result.push_back(line);
  return result;
}

bool one_line(const std::string& text) { return !text.empty() && text.find('\n') == text.size() - 1; }

}  // namespace

TEST_CASE("two sc2train ranks on 127.0.0.1 end with identical networks and rank 0 writes both ranks' steps") {
  if (!built()) return;
  Scratch scratch;
  const int port = free_port();
  const auto out0 = scratch.dir / "rank0", out1 = scratch.dir / "rank1";
  Rank rank0(scratch, "rank0", tiny_run(0, port, out0.string()));
  Rank rank1(scratch, "rank1", tiny_run(1, port, out1.string()));
  const int code0 = rank0.wait(std::chrono::seconds(60));
  const int code1 = rank1.wait(std::chrono::seconds(30));
  INFO("rank 0: " << rank0.out() << rank0.err());
  INFO("rank 1: " << rank1.out() << rank1.err());
  REQUIRE(code0 == 0);
  REQUIRE(code1 == 0);

  // Both ranks stepped their own games and took the same averaged steps: one network.
  const auto print0 = fingerprint(rank0.out()), print1 = fingerprint(rank1.out());
  CHECK(print0.size() == 16);
  CHECK(print0 == print1);
  CHECK(rank0.out().find("(3 updates)") != std::string::npos);
  CHECK(rank1.out().find("(3 updates)") != std::string::npos);

  // Rank 0 writes progress.csv (steps of both ranks: 16 per update) and the checkpoint; rank 1
  // writes nothing.
  const auto rows = lines(read_text(out0 / "progress.csv"));
  REQUIRE(rows.size() == 4);  // the header and 3 updates
  CHECK(rows[1].rfind("1,16,", 0) == 0);
  CHECK(rows[3].rfind("3,48,", 0) == 0);
  CHECK(fs::exists(out0 / "checkpoint.pt"));
  CHECK_FALSE(fs::exists(out1));
}

// Two ranks of the tiny run started as a launcher starts them: no distributed flags, their place
// in the environment (WORLD_SIZE, RANK, MASTER_ADDR, MASTER_PORT and `extra`). Both must end
// well with one network; rank 0's progress.csv holds both ranks' steps.
static void train_pair_from_environment(const Scratch& scratch, int port, const std::vector<std::string>& extra) {
  const auto out0 = scratch.dir / "rank0";
  const std::vector<std::string> run = {"--map", "MoveToBeacon", "--feature_screen_size", "8", "--envs", "2",
                                        "--nsteps", "4", "--steps", "48", "--out", out0.string(),
                                        "--dist_timeout", "20", "--quiet"};
  const auto environment = [&](int rank) {
    std::vector<std::string> variables = {"WORLD_SIZE=2", "RANK=" + std::to_string(rank), "MASTER_ADDR=127.0.0.1",
                                          "MASTER_PORT=" + std::to_string(port)};
    variables.insert(variables.end(), extra.begin(), extra.end());
    return variables;
  };
  Rank rank0(scratch, "rank0", run, environment(0));
  Rank rank1(scratch, "rank1", run, environment(1));
  const int code0 = rank0.wait(std::chrono::seconds(60));
  const int code1 = rank1.wait(std::chrono::seconds(30));
  INFO("rank 0: " << rank0.out() << rank0.err());
  INFO("rank 1: " << rank1.out() << rank1.err());
  REQUIRE(code0 == 0);
  REQUIRE(code1 == 0);
  CHECK(fingerprint(rank0.out()).size() == 16);
  CHECK(fingerprint(rank0.out()) == fingerprint(rank1.out()));
  const auto rows = lines(read_text(out0 / "progress.csv"));
  REQUIRE(rows.size() == 4);  // both ranks' 16 steps per update, written by rank 0 alone
  CHECK(rows[3].rfind("3,48,", 0) == 0);
}

TEST_CASE("two sc2train ranks started with torchrun's environment alone train one network together") {
  if (!built()) return;
  Scratch scratch;
  train_pair_from_environment(scratch, free_port(), {"LOCAL_RANK=0"});
}

// As torchrun's static rendezvous runs them: its agent keeps a store on MASTER_PORT (here the test
// keeps one, as the agent would) and tells the processes to join it (TORCHELASTIC_USE_AGENT_STORE).
TEST_CASE("two sc2train ranks join a launcher's own store on MASTER_PORT and train one network") {
  if (!built()) return;
  Scratch scratch;
  const int port = free_port();
  c10d::TCPStoreOptions agent_options;
  agent_options.port = static_cast<std::uint16_t>(port);
  agent_options.isServer = true;
  agent_options.waitWorkers = false;
  agent_options.timeout = std::chrono::milliseconds(30'000);
  const auto agent_store = c10::make_intrusive<c10d::TCPStore>("127.0.0.1", agent_options);
  agent_store->set("torchelastic/agent", std::vector<std::uint8_t>{1});  // the launcher's own keys

  // Rank 0 starts no store of its own (the port is the agent's, so it could not).
  train_pair_from_environment(scratch, port, {"TORCHELASTIC_USE_AGENT_STORE=True", "TORCHELASTIC_RESTART_COUNT=3"});
  // Their keys are under their own prefix, the launcher's untouched.
  CHECK(agent_store->check({"sc2train/attempt_3/settings/0", "sc2train/attempt_3/settings/1"}));
  CHECK(agent_store->get("torchelastic/agent") == std::vector<std::uint8_t>{1});
}

TEST_CASE("a killed rank ends the other with a clear error within the timeout, not a hang") {
  if (!built()) return;
  Scratch scratch;
  const int port = free_port();
  const auto out0 = scratch.dir / "rank0";
  Rank rank0(scratch, "rank0", tiny_run(0, port, out0.string(), "1000000"));
  Rank rank1(scratch, "rank1", tiny_run(1, port, (scratch.dir / "rank1").string(), "1000000"));
  // Wait until they train together (rank 0 has written an update), then kill rank 1.
  const auto deadline = Clock::now() + std::chrono::seconds(40);
  while (lines(read_text(out0 / "progress.csv")).size() < 2 && Clock::now() < deadline && rank0.running()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  INFO("rank 0: " << rank0.out() << rank0.err());
  REQUIRE(lines(read_text(out0 / "progress.csv")).size() >= 2);
  rank1.kill();
  const auto killed = Clock::now();
  const int code = rank0.wait(std::chrono::seconds(30));  // the timeout is 20 s
  const double seconds = std::chrono::duration<double>(Clock::now() - killed).count();
  CAPTURE(seconds);
  CHECK(code == 1);
  CHECK(seconds < 25);
  const std::string err = rank0.err();
  CHECK(one_line(err));
  CHECK(err.rfind("sc2train: rank 0 of 2: lost the other ranks while ", 0) == 0);
}

TEST_CASE("a rank whose master never comes, and a master whose rank never comes, stop with a clear error") {
  if (!built()) return;
  Scratch scratch;
  const int port = free_port();
  auto alone = [&](int rank) {
    return tiny_run(rank, port, (scratch.dir / ("rank" + std::to_string(rank))).string(), "48", "2");
  };
  Rank rank1(scratch, "rank1", alone(1));
  const auto start = Clock::now();
  CHECK(rank1.wait(std::chrono::seconds(20)) == 1);
  CHECK(std::chrono::duration<double>(Clock::now() - start).count() < 15);
  CHECK(one_line(rank1.err()));
  CHECK(rank1.err().find("rank 1 of 2: cannot reach the master at 127.0.0.1:" + std::to_string(port) +
                         " within 2 s") != std::string::npos);

  Rank rank0(scratch, "rank0", alone(0));
  CHECK(rank0.wait(std::chrono::seconds(20)) == 1);
  CHECK(one_line(rank0.err()));
  CHECK(rank0.err().find("rank 0 of 2: the master at 127.0.0.1:" + std::to_string(port) +
                         " could not gather the other 1 rank(s) within 2 s") != std::string::npos);
}

TEST_CASE("ranks started with different settings both refuse to train, naming the difference") {
  if (!built()) return;
  Scratch scratch;
  const int port = free_port();
  auto different = tiny_run(1, port, (scratch.dir / "rank1").string());
  different[5] = "3";  // --envs 3 instead of 2
  Rank rank0(scratch, "rank0", tiny_run(0, port, (scratch.dir / "rank0").string()));
  Rank rank1(scratch, "rank1", different);
  CHECK(rank0.wait(std::chrono::seconds(40)) == 1);
  CHECK(rank1.wait(std::chrono::seconds(20)) == 1);
  for (const Rank* rank : {&rank0, &rank1}) {
    CHECK(one_line(rank->err()));
    CHECK(rank->err().find("different settings: rank 1 has envs=3 instead of envs=2") != std::string::npos);
  }
}

TEST_CASE("sc2train refuses bad distributed options before joining anyone") {
  if (!built()) return;
  Scratch scratch;
  const std::string out = (scratch.dir / "run").string();
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--world_size", "2", "--rank", "2", "--master", "127.0.0.1:1"}, "--rank must be in [0, 2)"},
      {{"--world_size", "2", "--rank", "1"}, "--master HOST:PORT is required"},
      {{"--world_size", "2", "--master", "127.0.0.1"}, "--master '127.0.0.1': no port"},
      {{"--world_size", "2", "--master", "127.0.0.1:99999"}, "port out of range"},
      {{"--world_size", "2", "--master", "127.0.0.1:1", "--dist_timeout", "0"}, "--dist_timeout must be positive"},
      {{"--world_size", "0"}, "--world_size must be at least 1"}};
  for (const auto& [flags, words] : cases) {
    std::vector<std::string> arguments = {"--map", "MoveToBeacon", "--steps", "10", "--out", out};
    arguments.insert(arguments.end(), flags.begin(), flags.end());
    Rank rank(scratch, "bad", arguments);
    CAPTURE(words);
    CHECK(rank.wait(std::chrono::seconds(20)) == 2);
    CHECK(one_line(rank.err()));
    CHECK(rank.err().find(words) != std::string::npos);
  }
}
