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
  world.for_each_unit([&](const Unit& u) {
    h.add(to_tag(u.id));
    h.add(u.type());
    h.add(u.owner);
    h.add(u.pos.x);
    h.add(u.pos.y);
    h.add(u.health);
    if (u.shield_max > 0.0f) {  // only then: the hashes of units without shields stay as they were
      h.add(u.shield);
      h.add(u.shield_regen_wait);
    }
    if (u.energy_max > 0.0f) h.add(u.energy);
    h.add(u.weapon_cooldown);
    h.add(static_cast<std::uint8_t>(u.holding_position));
    h.add(static_cast<std::uint32_t>(u.orders.size()));
    for (const Order& o : u.orders) {
      h.add(static_cast<std::uint8_t>(o.kind));
      h.add(o.ability_id);
      h.add(o.target.x);
      h.add(o.target.y);
      h.add(to_tag(o.target_unit));
      if (world.economy()) {
        h.add(static_cast<std::uint8_t>(o.phase));
        h.add(o.timer);
        h.add(o.build_type);
      }
    }
    if (world.economy()) {
      h.add(u.cargo_minerals);
      h.add(u.cargo_vespene);
      h.add(u.mineral_contents);
      h.add(u.vespene_contents);
      h.add(u.build_loops_done);
      h.add(static_cast<std::uint8_t>(u.under_construction));
      h.add(static_cast<std::uint32_t>(u.production.size()));
      for (const TrainItem& item : u.production) {
        h.add(item.unit_type);
        h.add(item.loops_done);
        if (item.upgrade != 0) h.add(item.upgrade);  // only when set: older hashes stay as they were
      }
      if (u.add_on.valid()) h.add(to_tag(u.add_on));
    }
  });
  if (world.economy()) {
    for (int p = 1; p < kNeutralOwner; ++p) {
      const PlayerEconomy& e = world.player(p).economy;
      h.add(e.minerals);
      h.add(e.vespene);
      h.add(e.collected_minerals);
      h.add(e.collected_vespene);
      for (std::uint32_t upgrade : world.player(p).upgrades) h.add(upgrade);
    }
  }
  for (const Missile& m : world.missiles()) {  // none on maps without missile weapons: their hashes stay
    h.add(to_tag(m.target));
    h.add(m.pos.x);
    h.add(m.pos.y);
    h.add(m.speed);
  }
  return h.value();
}

}  // namespace sc2::engine
