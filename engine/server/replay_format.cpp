#include "engine/server/replay_format.h"

#include <cstring>
#include <type_traits>

#include "engine/maps/melee_registry.h"
#include "engine/server/game_server.h"
#include "engine/server/observation_builder.h"
#include "engine/sim/abilities.h"
#include "engine/sim/unit_data.h"

namespace sc2::engine {

namespace {

constexpr std::uint64_t kFnvOffset = 0xCBF29CE484222325ull;
constexpr std::uint64_t kFnvPrime = 0x100000001B3ull;

// Hashes values by their little-endian bytes (floats by their bit patterns), strings with
// their length first so field boundaries count.
class Hasher {
 public:
  void bytes(const void* data, std::size_t size) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < size; ++i) {
      hash_ ^= p[i];
      hash_ *= kFnvPrime;
    }
  }
  template <class T>
    requires std::is_arithmetic_v<T> || std::is_enum_v<T>
  void add(T value) {
    std::uint64_t widened = 0;
    if constexpr (std::is_floating_point_v<T>) {
      const double d = value;
      std::memcpy(&widened, &d, sizeof d);
    } else {
      widened = static_cast<std::uint64_t>(value);
    }
    unsigned char le[8];
    for (int i = 0; i < 8; ++i) le[i] = static_cast<unsigned char>(widened >> (8 * i));
    bytes(le, 8);
  }
  void add(std::string_view text) {
    add(text.size());
    bytes(text.data(), text.size());
  }
  std::uint64_t value() const { return hash_; }

 private:
  std::uint64_t hash_ = kFnvOffset;
};

// ---- writing ----------------------------------------------------------------------------

class Writer {
 public:
  void u32(std::uint32_t v) {
    for (int i = 0; i < 4; ++i) out_.push_back(static_cast<char>(v >> (8 * i)));
  }
  void u64(std::uint64_t v) {
    for (int i = 0; i < 8; ++i) out_.push_back(static_cast<char>(v >> (8 * i)));
  }
  void bytes(std::string_view b) {
    u32(static_cast<std::uint32_t>(b.size()));
    out_.append(b);
  }
  void raw(std::string_view b) { out_.append(b); }
  std::string& buffer() { return out_; }

 private:
  std::string out_;
};

std::string encode_header(const ReplayHeader& h) {
  Writer w;
  w.bytes(h.engine_version);
  w.u64(h.data_hash);
  w.bytes(h.game_version);
  w.bytes(h.data_version);
  w.u32(h.data_build);
  w.u32(h.base_build);
  w.bytes(h.map_name);
  w.bytes(h.map_path);
  w.u64(h.episode_seed);
  w.bytes(h.create_game);
  w.bytes(h.join_game);
  w.u32(h.game_loops);
  w.u32(h.result);
  w.u64(h.final_state_hash);
  w.bytes(h.join_game_2);  // format 2
  return std::move(w.buffer());
}

// A format-1 record's bare RequestAction as the Request it stands for: the protobuf encoding
// of Request.action (field 11, length-delimited) around those bytes.
std::string wrap_as_request_action(std::string_view request_action) {
  std::string out;
  out.push_back(static_cast<char>((11 << 3) | 2));
  for (std::uint64_t n = request_action.size(); ; n >>= 7) {  // varint length
    if (n < 0x80) {
      out.push_back(static_cast<char>(n));
      break;
    }
    out.push_back(static_cast<char>((n & 0x7F) | 0x80));
  }
  out.append(request_action);
  return out;
}

// ---- reading ----------------------------------------------------------------------------

// Reads little-endian fields with bounds checks; the first failure is kept with the name of
// the field and the offset so the message says where the file stops making sense.
class Reader {
 public:
  Reader(std::string_view data, std::size_t base_offset) : data_(data), base_(base_offset) {}

  bool u32(const char* field, std::uint32_t& v) {
    if (!need(field, 4)) return false;
    v = 0;
    for (int i = 0; i < 4; ++i) v |= static_cast<std::uint32_t>(static_cast<unsigned char>(data_[pos_ + i])) << (8 * i);
    pos_ += 4;
    return true;
  }
  bool u64(const char* field, std::uint64_t& v) {
    if (!need(field, 8)) return false;
    v = 0;
    for (int i = 0; i < 8; ++i) v |= static_cast<std::uint64_t>(static_cast<unsigned char>(data_[pos_ + i])) << (8 * i);
    pos_ += 8;
    return true;
  }
  bool bytes(const char* field, std::string& v) {
    std::uint32_t size = 0;
    if (!u32(field, size)) return false;
    if (!need(field, size)) return false;
    v.assign(data_.substr(pos_, size));
    pos_ += size;
    return true;
  }
  std::size_t remaining() const { return data_.size() - pos_; }
  std::size_t offset() const { return base_ + pos_; }
  const std::string& error() const { return error_; }

 private:
  bool need(const char* field, std::size_t size) {
    if (remaining() >= size) return true;
    error_ = "truncated: field '" + std::string(field) + "' needs " + std::to_string(size) + " bytes at offset " +
             std::to_string(offset()) + " but only " + std::to_string(remaining()) + " remain";
    return false;
  }

  std::string_view data_;
  std::size_t base_;
  std::size_t pos_ = 0;
  std::string error_;
};

bool decode_header(Reader& r, std::uint32_t version, ReplayHeader& h) {
  const bool common = r.bytes("engine_version", h.engine_version) && r.u64("data_hash", h.data_hash) &&
         r.bytes("game_version", h.game_version) && r.bytes("data_version", h.data_version) &&
         r.u32("data_build", h.data_build) && r.u32("base_build", h.base_build) && r.bytes("map_name", h.map_name) &&
         r.bytes("map_path", h.map_path) && r.u64("episode_seed", h.episode_seed) &&
         r.bytes("create_game", h.create_game) && r.bytes("join_game", h.join_game) &&
         r.u32("game_loops", h.game_loops) && r.u32("result", h.result) &&
         r.u64("final_state_hash", h.final_state_hash);
  return common && (version < 2 || r.bytes("join_game_2", h.join_game_2));
}

std::string printable(std::string_view bytes) {
  std::string out;
  for (unsigned char c : bytes) {
    if (c >= 0x20 && c < 0x7F) {
      out += static_cast<char>(c);
    } else {
      static constexpr char kHex[] = "0123456789abcdef";
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

std::string hex64(std::uint64_t v) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = "0x";
  for (int i = 15; i >= 0; --i) out += kHex[(v >> (4 * i)) & 15];
  return out;
}

constexpr std::size_t kPreambleSize = 8 + 4 + 4;  // magic, format version, header size
constexpr std::size_t kChecksumSize = 8;

}  // namespace

std::uint64_t fnv1a64(std::string_view bytes) {
  Hasher h;
  h.bytes(bytes.data(), bytes.size());
  return h.value();
}

static std::uint64_t compute_data_tables_hash() {
  Hasher h;
  const auto units = unit_type_table();
  h.add(units.size());
  for (const UnitTypeStats& s : units) {
    h.add(s.id);
    h.add(s.name);
    h.add(s.race);
    h.add(s.role);
    h.add(s.health_max);
    h.add(s.armor);
    h.add(s.movement_speed);
    h.add(s.speed_per_loop);
    h.add(s.acceleration);
    h.add(s.radius);
    h.add(s.sight_range);
    h.add(s.food_required);
    h.add(s.food_provided);
    h.add(s.footprint_w);
    h.add(s.footprint_h);
    h.add(s.mineral_contents);
    h.add(s.vespene_contents);
    h.add(s.mineral_cost);
    h.add(s.vespene_cost);
    h.add(s.build_time_loops);
    h.add(s.built_by_ability);
    h.add(s.cargo_size);
    h.add(s.attributes.size());
    for (std::uint32_t a : s.attributes) h.add(a);
    h.add(s.abilities.size());
    for (std::uint32_t a : s.abilities) h.add(a);
    h.add(s.weapon.has_value());
    if (s.weapon) {
      const Weapon& w = *s.weapon;
      h.add(w.targets);
      h.add(w.damage);
      h.add(w.attacks);
      h.add(w.bonus_attribute);
      h.add(w.bonus_damage);
      h.add(w.range);
      h.add(w.cooldown_normal_s);
      h.add(w.cooldown_loops);
    }
    h.add(s.explosion.has_value());
    if (s.explosion) {
      const Explosion& e = *s.explosion;
      h.add(e.damage);
      h.add(e.bonus_attribute);
      h.add(e.bonus_damage);
      h.add(e.trigger_range);
      h.add(e.splash_radius);
    }
  }
  const auto abilities = ability_table();
  h.add(abilities.size());
  for (const AbilityInfo& a : abilities) {
    h.add(a.id);
    h.add(a.link_name);
    h.add(a.link_index);
    h.add(a.button_name);
    h.add(a.friendly_name);
    h.add(a.hotkey);
    h.add(a.remaps_to);
    h.add(a.target);
    h.add(a.allow_minimap);
  }
  // Whatever the API reports about the tables (ResponseData) counts too.
  SC2APIProtocol::RequestData everything;
  everything.set_ability_id(true);
  everything.set_unit_type_id(true);
  everything.set_upgrade_id(true);
  everything.set_buff_id(true);
  everything.set_effect_id(true);
  SC2APIProtocol::ResponseData reported;
  build_data(everything, &reported);
  h.add(std::string_view(reported.SerializeAsString()));
  return h.value();
}

std::uint64_t data_tables_hash() {
  static const std::uint64_t hash = compute_data_tables_hash();  // the tables never change at run time
  return hash;
}

std::string encode_replay(const Replay& replay) {
  Writer w;
  w.raw(kReplayMagic);
  w.u32(kReplayFormatVersion);
  w.bytes(encode_header(replay.header));
  w.u32(static_cast<std::uint32_t>(replay.actions.size()));
  for (const ReplayAction& a : replay.actions) {
    w.u32(a.game_loop);
    w.u32(a.player);
    w.u64(a.state_hash_after);
    w.bytes(a.request);
  }
  w.u64(fnv1a64(w.buffer()));
  return std::move(w.buffer());
}

std::optional<Replay> decode_replay(std::string_view bytes, ReplayReadError& error) {
  const auto fail = [&](bool damaged, std::string details) -> std::optional<Replay> {
    error.damaged = damaged;
    error.details = std::move(details);
    return std::nullopt;
  };
  if (bytes.empty()) return fail(false, "the replay is empty (0 bytes)");
  const std::string_view magic = bytes.substr(0, kReplayMagic.size());
  if (magic != kReplayMagic) {
    return fail(false, "not an sc2lite replay: the file starts with '" + printable(magic) + "', expected magic '" +
                           std::string(kReplayMagic) + "'");
  }
  if (bytes.size() < kPreambleSize + kChecksumSize) {
    return fail(true, "truncated: " + std::to_string(bytes.size()) + " bytes, an sc2lite replay has at least " +
                          std::to_string(kPreambleSize + kChecksumSize));
  }
  Reader preamble(bytes.substr(kReplayMagic.size()), kReplayMagic.size());
  std::uint32_t version = 0;
  preamble.u32("format_version", version);
  if (version < kOldestReadableReplayFormat || version > kReplayFormatVersion) {
    return fail(false, "replay format version " + std::to_string(version) + ", this engine reads versions " +
                           std::to_string(kOldestReadableReplayFormat) + " to " +
                           std::to_string(kReplayFormatVersion));
  }

  // The structure first (so a cut file says where it ends), then the checksum.
  Replay replay;
  replay.format_version = version;
  Reader body(bytes, 0);
  std::uint32_t skip = 0;
  std::uint64_t skip64 = 0;
  body.u64("magic", skip64);
  body.u32("format_version", skip);
  std::string header_bytes;
  if (!body.bytes("header", header_bytes)) return fail(true, body.error());
  Reader header(header_bytes, kPreambleSize);
  if (!decode_header(header, version, replay.header)) return fail(true, "damaged header: " + header.error());
  if (header.remaining() != 0) {
    return fail(true, "damaged header: " + std::to_string(header.remaining()) + " unexpected bytes after its last field");
  }
  std::uint32_t count = 0;
  if (!body.u32("action_count", count)) return fail(true, body.error());
  // Each record takes at least 16 bytes (20 in format 2): refuse absurd counts before reserving memory.
  if (static_cast<std::uint64_t>(count) * 16 > body.remaining()) {
    return fail(true, "truncated: the replay declares " + std::to_string(count) + " action records but only " +
                          std::to_string(body.remaining()) + " bytes follow");
  }
  replay.actions.reserve(count);
  std::uint32_t last_loop = 0;
  for (std::uint32_t i = 0; i < count; ++i) {
    ReplayAction a;
    const bool read = version >= 2 ? body.u32("action.game_loop", a.game_loop) && body.u32("action.player", a.player) &&
                                         body.u64("action.state_hash_after", a.state_hash_after) &&
                                         body.bytes("action.request", a.request)
                                   : body.u32("action.game_loop", a.game_loop) &&
                                         body.u64("action.state_hash_after", a.state_hash_after) &&
                                         body.bytes("action.request_action", a.request);
    if (!read) {
      return fail(true, "action record " + std::to_string(i) + " of " + std::to_string(count) + ": " + body.error());
    }
    if (version < 2) a.request = wrap_as_request_action(a.request);
    if (a.game_loop < last_loop || a.game_loop > replay.header.game_loops) {
      return fail(true, "action record " + std::to_string(i) + " is at game loop " + std::to_string(a.game_loop) +
                            ", outside " + std::to_string(last_loop) + ".." +
                            std::to_string(replay.header.game_loops));
    }
    last_loop = a.game_loop;
    replay.actions.push_back(std::move(a));
  }
  if (body.remaining() < kChecksumSize) {
    return fail(true, "truncated: the file ends " + std::to_string(kChecksumSize - body.remaining()) +
                          " bytes before the end of its checksum");
  }
  if (body.remaining() > kChecksumSize) {
    return fail(true, std::to_string(body.remaining() - kChecksumSize) + " unexpected bytes after the checksum");
  }
  std::uint64_t stored = 0;
  body.u64("checksum", stored);
  const std::uint64_t computed = fnv1a64(bytes.substr(0, bytes.size() - kChecksumSize));
  if (stored != computed) {
    return fail(true, "checksum mismatch: stored " + hex64(stored) + ", computed " + hex64(computed) +
                          " - the replay was damaged or edited");
  }
  return replay;
}

std::string replay_incompatibility(const ReplayHeader& header) {
  std::string problems;
  const auto add = [&](const std::string& p) { problems += (problems.empty() ? "" : "; ") + p; };
  if (header.engine_version != kEngineVersion) {
    add("engine version differs: replay '" + printable(header.engine_version) + "', this engine '" +
        std::string(kEngineVersion) + "'");
  }
  if (header.data_hash != data_tables_hash()) {
    add("data hash differs (unit/ability tables): replay " + hex64(header.data_hash) + ", this engine " +
        hex64(data_tables_hash()));
  }
  const auto differs = [&](const char* field, const std::string& replay, std::string_view engine) {
    if (replay != engine) {
      add(std::string(field) + " differs: replay '" + printable(replay) + "', this engine '" + std::string(engine) + "'");
    }
  };
  differs("game_version", header.game_version, kGameVersion);
  differs("data_version", header.data_version, kDataVersion);
  differs("data_build", std::to_string(header.data_build), std::to_string(kDataBuild));
  differs("base_build", std::to_string(header.base_build), std::to_string(kBaseBuild));
  if (map_name_from_path(header.map_path) != header.map_name) {
    add("map_path '" + printable(header.map_path) + "' does not name map '" + printable(header.map_name) + "'");
  }
  const MiniGameEntry* map = find_map(header.map_name);
  if (map == nullptr) {
    add("map '" + printable(header.map_name) + "' is not a map this engine implements");
  }
  return problems;
}

}  // namespace sc2::engine
