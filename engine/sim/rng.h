#pragma once
// The game's only source of randomness: seeded, platform-independent (SplitMix64 with our
// own float conversion; std:: distributions differ between standard libraries).
#include <cstdint>

namespace sc2::engine {

class Rng {
 public:
  explicit Rng(std::uint64_t seed = 0) : state_(seed) {}

  std::uint64_t next_u64() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }

  // Uniform in [0, 1) with 24 bits, exact in float.
  float uniform01() { return static_cast<float>(next_u64() >> 40) * (1.0f / 16777216.0f); }
  float uniform(float lo, float hi) { return lo + (hi - lo) * uniform01(); }
  // Uniform integer in [0, n); n > 0.
  std::uint32_t below(std::uint32_t n) { return static_cast<std::uint32_t>(next_u64() % n); }

 private:
  std::uint64_t state_;
};

// Mixes a base seed with a counter (e.g. the episode number) into an independent seed.
inline std::uint64_t derive_seed(std::uint64_t base, std::uint64_t counter) {
  Rng mixer(base ^ (counter * 0xD1B54A32D192ED03ull));
  mixer.next_u64();
  return mixer.next_u64();
}

}  // namespace sc2::engine
