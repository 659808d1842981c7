// The distributed group on c10d (distributed.h): TCPStore rendezvous, Gloo collectives, and the
// translation of their failures into DistributedError messages that say what happened.
#include "learning/distributed.h"

#include <netdb.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <sstream>

#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>
#include <torch/csrc/distributed/c10d/PrefixStore.hpp>
#include <torch/csrc/distributed/c10d/TCPStore.hpp>
#include <torch/torch.h>

namespace sc2::learning {

namespace {

using Clock = std::chrono::steady_clock;

// The first line of an exception's text: c10::Error appends a C++ backtrace, which says nothing
// to a user.
std::string reason(const std::exception& error) {
  std::string text;
  if (const auto* c10_error = dynamic_cast<const c10::Error*>(&error)) text = c10_error->what_without_backtrace();
  else text = error.what();
  const auto end = text.find('\n');
  return end == std::string::npos ? text : text.substr(0, end);
}

std::string seconds_text(std::chrono::milliseconds timeout) {
  std::ostringstream out;
  out << static_cast<double>(timeout.count()) / 1000.0 << " s";
  return out.str();
}

// The address of this machine that faces the master (UDP connect() only consults the routing
// table, it sends nothing): Gloo listens there and the other ranks reach it there. The master
// on 127.0.0.1 gives 127.0.0.1, so a test on one machine stays on the loopback.
std::string local_address_towards(const std::string& host, int port) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_DGRAM;
  addrinfo* found = nullptr;
  if (const int error = ::getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found); error != 0) {
    throw DistributedError("cannot resolve the master's host '" + host + "': " + ::gai_strerror(error));
  }
  std::string result;
  for (addrinfo* entry = found; entry != nullptr && result.empty(); entry = entry->ai_next) {
    const int fd = ::socket(entry->ai_family, SOCK_DGRAM, 0);
    if (fd < 0) continue;
    sockaddr_storage local{};
    socklen_t length = sizeof(local);
    char text[NI_MAXHOST];
    if (::connect(fd, entry->ai_addr, entry->ai_addrlen) == 0 &&
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&local), &length) == 0 &&
        ::getnameinfo(reinterpret_cast<sockaddr*>(&local), length, text, sizeof(text), nullptr, 0, NI_NUMERICHOST) == 0) {
      result = text;
    }
    ::close(fd);
  }
  ::freeaddrinfo(found);
  if (result.empty()) throw DistributedError("no route from this machine to the master's host '" + host + "'");
  return result;
}

// GLOO_SOCKET_IFNAME names the network interface to use (as in PyTorch's Python front end);
// otherwise the one facing the master.
std::shared_ptr<::gloo::transport::Device> gloo_device(const DistributedOptions& options) {
  if (const char* interface = std::getenv("GLOO_SOCKET_IFNAME"); interface != nullptr && *interface != '\0') {
    return c10d::ProcessGroupGloo::createDeviceForInterface(interface);
  }
  return c10d::ProcessGroupGloo::createDeviceForHostname(local_address_towards(options.master_host, options.master_port));
}

// c10d logs a failed connection to stderr (through glog) before it throws; the exception says the
// same, in the one line sc2train prints. Only glog's FATAL messages pass while this lives.
class QuietLogging {
 public:
  QuietLogging() : saved_(FLAGS_minloglevel) { FLAGS_minloglevel = google::GLOG_FATAL; }
  ~QuietLogging() { FLAGS_minloglevel = saved_; }
  QuietLogging(const QuietLogging&) = delete;
  QuietLogging& operator=(const QuietLogging&) = delete;

 private:
  int saved_;
};

std::vector<std::uint8_t> bytes_of(const std::string& text) { return {text.begin(), text.end()}; }

std::string first_difference(const std::string& mine, const std::string& theirs) {
  std::istringstream a(mine), b(theirs);
  std::string line_a, line_b;
  while (true) {
    const bool more_a = static_cast<bool>(std::getline(a, line_a));
    const bool more_b = static_cast<bool>(std::getline(b, line_b));
    if (!more_a && !more_b) return "";
    if (!more_a) line_a = "(nothing)";
    if (!more_b) line_b = "(nothing)";
    if (line_a != line_b) return line_b + " instead of " + line_a;
  }
}

}  // namespace

struct DistributedGroup::Impl {
  c10::intrusive_ptr<c10d::Store> store;  // the TCPStore, or under a prefix in a launcher's
  c10::intrusive_ptr<c10d::ProcessGroupGloo> group;

  // Waits for a collective; a rank that died or stopped answering becomes a DistributedError.
  void wait(const c10::intrusive_ptr<c10d::Work>& work, const DistributedOptions& options, const char* what) {
    try {
      work->wait();
    } catch (const std::exception& error) {
      throw DistributedError("rank " + std::to_string(options.rank) + " of " + std::to_string(options.world_size) +
                             ": lost the other ranks while " + what +
                             " (a rank stopped, died or did not answer within " + seconds_text(options.timeout) +
                             "): " + reason(error));
    }
  }
};

// [ SECTION ] Joining

DistributedGroup::DistributedGroup(const DistributedOptions& options) : options_(options), impl_(std::make_unique<Impl>()) {
  if (!distributed()) return;
  // Gloo writes to the other ranks' sockets without MSG_NOSIGNAL: after a rank dies, a write
  // to it would end this process by SIGPIPE (exit 141, no message), seen under load when the
  // write comes before the read that notices the loss. Ignored, the write fails with EPIPE,
  // which is reported as a lost rank like any other failure of the collective.
  std::signal(SIGPIPE, SIG_IGN);
  const std::string who = "rank " + std::to_string(options.rank) + " of " + std::to_string(options.world_size);
  const std::string master = options.master_host + ":" + std::to_string(options.master_port);
  c10d::TCPStoreOptions store_options;
  store_options.port = static_cast<std::uint16_t>(options.master_port);
  store_options.isServer = options.rank == 0 && !options.launcher_store;
  store_options.numWorkers = static_cast<std::size_t>(options.world_size);
  store_options.waitWorkers = true;
  store_options.timeout = options.timeout;
  const QuietLogging quiet;
  const std::string gather_failed = who + ": the master at " + master + " could not gather the other " +
                                    std::to_string(options.world_size - 1) + " rank(s) within " +
                                    seconds_text(options.timeout) + ": ";
  try {
    impl_->store = c10::make_intrusive<c10d::TCPStore>(options.master_host, store_options);
    if (options.launcher_store) impl_->store = c10::make_intrusive<c10d::PrefixStore>(options.store_prefix, impl_->store);
  } catch (const std::exception& error) {
    if (options.rank == 0) throw DistributedError(gather_failed + reason(error));
    throw DistributedError(who + ": cannot reach the master at " + master + " within " +
                           seconds_text(options.timeout) + " (is rank 0 running, the port open?): " + reason(error));
  }
  auto group_options = c10d::ProcessGroupGloo::Options::create(options.timeout);
  try {
    group_options->devices.push_back(gloo_device(options));
    impl_->group = c10::make_intrusive<c10d::ProcessGroupGloo>(impl_->store, options.rank, options.world_size, group_options);
  } catch (const DistributedError&) {
    throw;
  } catch (const std::exception& error) {
    if (options.rank == 0) throw DistributedError(gather_failed + reason(error));
    throw DistributedError(who + ": the ranks could not connect to each other within " + seconds_text(options.timeout) +
                           " (a rank missing, or an address the others cannot reach: see GLOO_SOCKET_IFNAME): " +
                           reason(error));
  }
}

DistributedGroup::~DistributedGroup() = default;

void DistributedGroup::check_same_settings(const std::string& settings) {
  if (!distributed()) return;
  std::string mismatch;
  try {
    impl_->store->set("settings/" + std::to_string(rank()), bytes_of(settings));
    const auto master_bytes = impl_->store->get("settings/0");
    const std::string master_settings(master_bytes.begin(), master_bytes.end());
    for (int other = 1; other < world_size() && mismatch.empty(); ++other) {
      const auto bytes = impl_->store->get("settings/" + std::to_string(other));
      const auto difference = first_difference(master_settings, std::string(bytes.begin(), bytes.end()));
      if (!difference.empty()) mismatch = "rank " + std::to_string(other) + " has " + difference + " of rank 0";
    }
  } catch (const std::exception& error) {
    throw DistributedError("rank " + std::to_string(rank()) + ": the ranks could not compare their settings: " + reason(error));
  }
  // Everyone has read every rank's settings before anyone leaves (rank 0's store goes with it).
  impl_->wait(impl_->group->barrier(), options_, "comparing settings");
  if (!mismatch.empty()) {
    throw DistributedError("the ranks were started with different settings: " + mismatch +
                           " (give every rank the same flags but --rank)");
  }
}

// [ SECTION ] Starting identical

void DistributedGroup::share_state(torch::nn::Module& network, torch::optim::Optimizer& optimizer) {
  if (!distributed()) return;
  std::string network_bytes, optimizer_bytes;
  if (rank() == 0) {
    torch::serialize::OutputArchive network_archive, optimizer_archive;
    network.save(network_archive);
    optimizer.save(optimizer_archive);
    std::ostringstream network_stream, optimizer_stream;
    network_archive.save_to(network_stream);
    optimizer_archive.save_to(optimizer_stream);
    network_bytes = network_stream.str();
    optimizer_bytes = optimizer_stream.str();
  }
  auto sizes = torch::tensor({static_cast<std::int64_t>(network_bytes.size()), static_cast<std::int64_t>(optimizer_bytes.size())});
  std::vector<torch::Tensor> size_tensors{sizes};
  impl_->wait(impl_->group->broadcast(size_tensors), options_, "receiving rank 0's network");
  const std::int64_t network_size = sizes[0].item<std::int64_t>();
  const std::int64_t optimizer_size = sizes[1].item<std::int64_t>();
  auto buffer = torch::empty({network_size + optimizer_size}, torch::kUInt8);
  if (rank() == 0) {
    std::copy(network_bytes.begin(), network_bytes.end(), buffer.data_ptr<std::uint8_t>());
    std::copy(optimizer_bytes.begin(), optimizer_bytes.end(), buffer.data_ptr<std::uint8_t>() + network_size);
  }
  std::vector<torch::Tensor> buffer_tensors{buffer};
  impl_->wait(impl_->group->broadcast(buffer_tensors), options_, "receiving rank 0's network");
  if (rank() == 0) return;
  const auto* data = reinterpret_cast<const char*>(buffer.data_ptr<std::uint8_t>());
  std::istringstream network_stream(std::string(data, static_cast<std::size_t>(network_size)));
  std::istringstream optimizer_stream(std::string(data + network_size, static_cast<std::size_t>(optimizer_size)));
  torch::serialize::InputArchive network_archive, optimizer_archive;
  network_archive.load_from(network_stream);
  optimizer_archive.load_from(optimizer_stream);
  network.load(network_archive);
  optimizer.load(optimizer_archive);
}

// [ SECTION ] Every update

void DistributedGroup::average_gradients(torch::nn::Module& network) {
  if (!distributed()) return;
  // A barrier first, so that the all-reduce's time is its own and not the slowest rank's
  // rollout (it costs one round trip per update).
  const auto arrived = Clock::now();
  impl_->wait(impl_->group->barrier(), options_, "waiting for the others' rollouts");
  const auto start = Clock::now();
  cost_.waiting_seconds += std::chrono::duration<double>(start - arrived).count();
  auto parameters = network.parameters();
  std::vector<torch::Tensor> gradients;
  gradients.reserve(parameters.size());
  for (auto& parameter : parameters) {
    // A parameter this rank's batch did not reach still takes part, with a zero gradient.
    if (!parameter.grad().defined()) parameter.mutable_grad() = torch::zeros_like(parameter);
    gradients.push_back(parameter.grad().reshape({-1}));
  }
  // One flat buffer, one all-reduce: far cheaper than one per parameter tensor.
  std::vector<torch::Tensor> flat{torch::cat(gradients)};
  impl_->wait(impl_->group->allreduce(flat), options_, "averaging gradients");
  flat[0].div_(world_size());
  std::int64_t offset = 0;
  for (auto& parameter : parameters) {
    const std::int64_t count = parameter.numel();
    parameter.mutable_grad().copy_(flat[0].narrow(0, offset, count).view_as(parameter));
    offset += count;
  }
  cost_.all_reduces += 1;
  cost_.bytes += flat[0].numel() * static_cast<std::int64_t>(flat[0].element_size());
  cost_.seconds += std::chrono::duration<double>(Clock::now() - start).count();
}

std::vector<std::vector<double>> DistributedGroup::all_gather(const std::vector<double>& values) {
  if (!distributed()) return {values};
  std::vector<torch::Tensor> input{torch::tensor(values, torch::kFloat64)};
  std::vector<std::vector<torch::Tensor>> output(1);
  for (int r = 0; r < world_size(); ++r) output[0].push_back(torch::empty_like(input[0]));
  impl_->wait(impl_->group->allgather(output, input), options_, "exchanging the update's statistics");
  std::vector<std::vector<double>> result;
  for (const auto& tensor : output[0]) {
    const double* data = tensor.data_ptr<double>();
    result.emplace_back(data, data + tensor.numel());
  }
  return result;
}

Agreement agree(DistributedGroup& group, double progress, bool stop) {
  Agreement agreed{progress, stop};
  if (!group.distributed()) return agreed;
  for (const auto& rank : group.all_gather({progress, stop ? 1.0 : 0.0})) {
    agreed.progress = std::max(agreed.progress, rank[0]);
    agreed.stop = agreed.stop || rank[1] != 0;
  }
  return agreed;
}

}  // namespace sc2::learning
