// The distributed group (learning/distributed.h) with two ranks as two threads on 127.0.0.1:
// gradients become their mean (not their sum), rank 0's weights and optimiser state reach rank 1,
// every rank receives every rank's values in rank order, and the ranks agree on one progress.
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <array>
#include <exception>
#include <functional>
#include <thread>

#include "learning/distributed.h"
#include "tests/learning/torch_doctest.h"

using namespace sc2::learning;

namespace {

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

// Runs `body` as rank 0 and rank 1 of one group, on two threads; rethrows a rank's exception.
void two_ranks(const std::function<void(DistributedGroup&)>& body) {
  const int port = free_port();
  std::array<std::exception_ptr, 2> errors;
  std::vector<std::thread> threads;
  for (int rank = 0; rank < 2; ++rank) {
    threads.emplace_back([&, rank] {
      try {
        DistributedOptions options;
        options.world_size = 2;
        options.rank = rank;
        options.master_host = "127.0.0.1";
        options.master_port = port;
        options.timeout = std::chrono::seconds(20);
        DistributedGroup group(options);
        body(group);
      } catch (...) {
        errors[static_cast<std::size_t>(rank)] = std::current_exception();
      }
    });
  }
  for (auto& thread : threads) thread.join();
  for (const auto& error : errors)
    if (error) std::rethrow_exception(error);
}

}  // namespace

TEST_CASE("a group of one is alone: no communication, its own values back") {
  DistributedGroup alone(DistributedOptions{});
  CHECK_FALSE(alone.distributed());
  CHECK(alone.writes_outputs());
  torch::nn::Linear layer(2, 1);
  layer->weight.mutable_grad() = torch::full({1, 2}, 3.0);
  alone.average_gradients(*layer);
  CHECK(layer->weight.grad()[0][0].item<double>() == 3.0);
  CHECK(alone.all_gather({1.0, 2.0}) == std::vector<std::vector<double>>{{1.0, 2.0}});
  CHECK(agree(alone, 0.25, false).progress == 0.25);
  CHECK(alone.cost().all_reduces == 0);
}

TEST_CASE("two ranks: gradients become their mean on both, counted in the cost") {
  std::array<std::vector<float>, 2> gradients;
  std::array<CommunicationCost, 2> costs;
  two_ranks([&](DistributedGroup& group) {
    torch::nn::Linear layer(3, 2);  // 6 weights + 2 biases
    const float mine = static_cast<float>(group.rank() + 1);
    layer->weight.mutable_grad() = torch::full({2, 3}, mine);
    layer->bias.mutable_grad() = torch::full({2}, 10 * mine);
    group.average_gradients(*layer);
    auto& out = gradients[static_cast<std::size_t>(group.rank())];
    for (const auto& parameter : layer->parameters()) {
      auto flat = parameter.grad().reshape({-1});
      for (int i = 0; i < flat.numel(); ++i) out.push_back(flat[i].item<float>());
    }
    costs[static_cast<std::size_t>(group.rank())] = group.cost();
  });
  CHECK(gradients[0] == gradients[1]);
  REQUIRE(gradients[0].size() == 8);
  CHECK(gradients[0][0] == 1.5f);   // (1 + 2) / 2
  CHECK(gradients[0][7] == 15.0f);  // (10 + 20) / 2
  CHECK(costs[0].all_reduces == 1);
  CHECK(costs[0].bytes == 8 * 4);
}

TEST_CASE("two ranks: rank 0's weights and optimiser state reach rank 1, so their steps stay equal") {
  std::array<std::vector<float>, 2> after;
  two_ranks([&](DistributedGroup& group) {
    torch::manual_seed(static_cast<std::uint64_t>(group.rank()) + 5);  // different starting weights
    torch::nn::Linear layer(2, 2);
    torch::optim::Adam optimizer(layer->parameters(), torch::optim::AdamOptions(0.1));
    if (group.rank() == 0) {  // rank 0 has taken steps already: Adam's moments and step count
      for (int step = 0; step < 3; ++step) {
        optimizer.zero_grad();
        layer->forward(torch::ones({1, 2})).sum().backward();
        optimizer.step();
      }
    }
    group.share_state(*layer, optimizer);
    // The same gradient on both: equal weights only if the optimiser states are equal too.
    optimizer.zero_grad();
    (layer->forward(torch::full({1, 2}, 2.0)).sum() * 3).backward();
    group.average_gradients(*layer);
    optimizer.step();
    auto& out = after[static_cast<std::size_t>(group.rank())];
    for (const auto& parameter : layer->parameters()) {
      auto flat = parameter.detach().reshape({-1});
      for (int i = 0; i < flat.numel(); ++i) out.push_back(flat[i].item<float>());
    }
  });
  REQUIRE(after[0].size() == 6);
  CHECK(after[0] == after[1]);
}

TEST_CASE("two ranks: all_gather in rank order, and one agreed progress and stop") {
  std::array<std::vector<std::vector<double>>, 2> gathered;
  std::array<Agreement, 2> agreed;
  two_ranks([&](DistributedGroup& group) {
    const auto r = static_cast<std::size_t>(group.rank());
    gathered[r] = group.all_gather({static_cast<double>(group.rank()), 7.0});
    agreed[r] = agree(group, group.rank() == 0 ? 0.25 : 0.5, group.rank() == 1);
  });
  const std::vector<std::vector<double>> expected = {{0.0, 7.0}, {1.0, 7.0}};
  CHECK(gathered[0] == expected);
  CHECK(gathered[1] == expected);
  for (const auto& agreement : agreed) {
    CHECK(agreement.progress == 0.5);
    CHECK(agreement.stop);
  }
}

TEST_CASE("two ranks with different settings both refuse, naming the rank and the line") {
  std::array<std::string, 2> messages;
  const int port = free_port();
  std::vector<std::thread> threads;
  for (int rank = 0; rank < 2; ++rank) {
    threads.emplace_back([&, rank] {
      DistributedOptions options;
      options.world_size = 2;
      options.rank = rank;
      options.master_host = "127.0.0.1";
      options.master_port = port;
      options.timeout = std::chrono::seconds(20);
      try {
        DistributedGroup group(options);
        group.check_same_settings(rank == 0 ? "map=MoveToBeacon\nenvs=2\n" : "map=MoveToBeacon\nenvs=4\n");
      } catch (const DistributedError& error) {
        messages[static_cast<std::size_t>(rank)] = error.what();
      }
    });
  }
  for (auto& thread : threads) thread.join();
  for (const auto& message : messages) {
    CHECK(message.find("different settings: rank 1 has envs=4 instead of envs=2") != std::string::npos);
  }
}
