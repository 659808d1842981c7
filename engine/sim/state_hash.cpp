#include "engine/sim/state_hash.h"

#include <cstring>

#include "engine/sim/world.h"

namespace sc2::engine {

namespace {

class Fnv1a {
 public:
  template <class T>
  void add(const T& value) {
    unsigned char bytes[sizeof(T)];
    std::memcpy(bytes, &value, sizeof(T));
    for (unsigned char b : bytes) {
      hash_ ^= b;
      hash_ *= 0x100000001B3ull;
    }
  }
  std::uint64_t value() const { return hash_; }

 private:
  std::uint64_t hash_ = 0xCBF29CE484222325ull;
};

}  // namespace

std::uint64_t state_hash(const World& world) {
  Fnv1a h;
  h.add(world.game_loop());
  for (const Unit* u : world.units()) {
    h.add(to_tag(u->id));
    h.add(u->type());
    h.add(u->owner);
    h.add(u->pos.x);
    h.add(u->pos.y);
    h.add(u->health);
    h.add(u->weapon_cooldown);
    h.add(static_cast<std::uint8_t>(u->holding_position));
    h.add(static_cast<std::uint32_t>(u->orders.size()));
    for (const Order& o : u->orders) {
      h.add(static_cast<std::uint8_t>(o.kind));
      h.add(o.ability_id);
      h.add(o.target.x);
      h.add(o.target.y);
      h.add(to_tag(o.target_unit));
    }
  }
  return h.value();
}

}  // namespace sc2::engine
