#pragma once
// Replies of one connection held for one write: when a client pipelines requests (action,
// step and observation of an agent step sent before any reply is read) and they are already
// read, the server answers them all with one write, so the client wakes once, not once per
// reply. Each reply goes out as one unmasked binary frame (RFC 6455 section 5.2, what a
// server sends); the frame headers are built here by hand and sent with the payloads as one
// gathered write, no payload copied. Slots and their strings are reused: a large reply
// allocates nothing once its slot has grown. Knows no socket (websocket_server.cpp writes).
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "transport/websocket_server.h"

namespace sc2::net {

class ReplyBuffer {
 public:
  // At most this many replies wait for one write.
  static constexpr std::size_t kMaxHeld = 16;
  // The largest header of an unmasked frame: 2 bytes and a 64-bit length.
  static constexpr std::size_t kMaxHeaderBytes = 10;

  // The next reply's slot (replaced by the handler; its bytes keep their capacity).
  Reply& next() {
    if (held_ == slots_.size()) slots_.emplace_back();
    return slots_[held_++];
  }
  std::size_t held() const { return held_; }
  bool full() const { return held_ >= kMaxHeld; }
  // Once the held replies are written.
  void clear() { held_ = 0; }
  // Forgets the last slot taken (its request failed: it has no reply).
  void drop_last() {
    if (held_ > 0) --held_;
  }

  // Calls piece(std::string_view) for every byte range of the held replies' frames in order
  // (header, payload, header, payload, ...): what one gathered write sends.
  template <class Piece>
  void for_each_piece(Piece&& piece) {
    for (std::size_t i = 0; i < held_; ++i) {
      const std::string& payload = slots_[i].bytes;
      const std::size_t header_size = write_header(payload.size(), headers_[i].data());
      piece(std::string_view(reinterpret_cast<const char*>(headers_[i].data()), header_size));
      if (!payload.empty()) piece(std::string_view(payload));
    }
  }

  // The header of a final binary frame of `payload_size` bytes, unmasked; returns its size.
  static std::size_t write_header(std::uint64_t payload_size, std::uint8_t* out) {
    constexpr std::uint8_t kFinBinary = 0x82;
    out[0] = kFinBinary;
    if (payload_size < 126) {
      out[1] = static_cast<std::uint8_t>(payload_size);
      return 2;
    }
    if (payload_size <= 0xffff) {
      out[1] = 126;
      out[2] = static_cast<std::uint8_t>(payload_size >> 8);
      out[3] = static_cast<std::uint8_t>(payload_size & 0xff);
      return 4;
    }
    out[1] = 127;
    for (int k = 0; k < 8; ++k) out[2 + k] = static_cast<std::uint8_t>(payload_size >> (8 * (7 - k)));
    return 10;
  }

 private:
  std::vector<Reply> slots_;  // grows to kMaxHeld at most; never shrinks (reused)
  std::array<std::array<std::uint8_t, kMaxHeaderBytes>, kMaxHeld> headers_{};
  std::size_t held_ = 0;
};

}  // namespace sc2::net
