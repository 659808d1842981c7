#pragma once
// The random agent: a function uniform over the observation's available_actions, then
// each argument uniform within its size (points within the screen/minimap resolution).
// Seeded std::mt19937_64, so the same seed and observations give the same calls.
#include <cstdint>
#include <random>

#include "agents/agent.h"

namespace sc2::agents {

class RandomAgent final : public Agent {
 public:
  explicit RandomAgent(std::uint64_t seed) : seed_(seed), random_(seed) {}
  void setup(const AgentSpec& spec) override { spec_ = spec; }
  // Keeps the stream running across episodes (like PySC2); the seed fixes the whole run.
  void reset() override {}
  pysc2::FunctionCall step(const pysc2::TimeStep& time_step) override;
  std::string_view name() const override { return "random"; }
  std::uint64_t seed() const { return seed_; }

 private:
  int uniform(int size);  // in [0, size)

  std::uint64_t seed_;
  std::mt19937_64 random_;
  AgentSpec spec_;
};

}  // namespace sc2::agents
