#pragma once
// Follows the websocket frame headers of an incoming byte stream and turns every text
// frame (opcode 1) into a binary frame (opcode 2) in place, so that the websocket
// library above never validates UTF-8. PySC2 sends protobuf bytes in text frames and
// the real game accepts them; Boost.Beast would reject them.
//
// It only reads headers (RFC 6455 section 5.2): 2 bytes, then a 16- or 64-bit length
// when the 7-bit length is 126 or 127, then a 4-byte mask key when the MASK bit is set.
// Payload bytes are skipped untouched (masked or not). Bytes may arrive in any split:
// header and length are tracked across calls. Continuation frames keep opcode 0, so a
// fragmented text message becomes a fragmented binary message.
#include <cstddef>
#include <cstdint>

namespace sc2::net {

class TextFrameRelabeler {
 public:
  static constexpr std::uint8_t kOpcodeText = 1;
  static constexpr std::uint8_t kOpcodeBinary = 2;

  // Processes the next `size` bytes of the stream, rewriting text opcodes in place.
  void process(std::uint8_t* data, std::size_t size) {
    std::size_t i = 0;
    while (i < size) {
      if (payload_left_ > 0) {
        const std::size_t skip =
            payload_left_ < size - i ? static_cast<std::size_t>(payload_left_) : size - i;
        i += skip;
        payload_left_ -= skip;
        if (payload_left_ == 0) end_frame();
        continue;
      }
      std::uint8_t& byte = data[i++];
      if (header_have_ == 0 && (byte & 0x0f) == kOpcodeText) {
        byte = static_cast<std::uint8_t>((byte & 0xf0) | kOpcodeBinary);
        ++relabeled_;
      }
      header_[header_have_++] = byte;
      if (header_have_ == 2) header_need_ = header_size(header_[1]);
      if (header_have_ >= 2 && header_have_ == header_need_) finish_header();
    }
  }

  // Number of text frames turned into binary ones so far.
  std::uint64_t relabeled_frames() const noexcept { return relabeled_; }
  // True between frames (no header or payload partially seen).
  bool at_frame_boundary() const noexcept { return header_have_ == 0 && payload_left_ == 0; }
  // Data messages (text or binary, all their frames) seen whole so far; control frames
  // (ping, pong, close) do not count. A server that has taken fewer messages than this
  // knows the next one is already read: no wait for it.
  std::uint64_t completed_messages() const noexcept { return completed_messages_; }

 private:
  static std::size_t header_size(std::uint8_t second_byte) {
    const std::uint8_t length7 = second_byte & 0x7f;
    std::size_t size = 2;
    if (length7 == 126) size += 2;
    if (length7 == 127) size += 8;
    if (second_byte & 0x80) size += 4;  // mask key
    return size;
  }

  void finish_header() {
    const std::uint8_t length7 = header_[1] & 0x7f;
    std::uint64_t length = length7;
    if (length7 == 126 || length7 == 127) {
      const std::size_t bytes = length7 == 126 ? 2 : 8;
      length = 0;
      for (std::size_t k = 0; k < bytes; ++k) length = (length << 8) | header_[2 + k];
    }
    payload_left_ = length;
    header_have_ = 0;
    header_need_ = 2;
    constexpr std::uint8_t kFin = 0x80;
    const std::uint8_t opcode = header_[0] & 0x0f;
    ends_data_message_ = (header_[0] & kFin) != 0 && opcode <= kOpcodeBinary;  // 0 = continuation
    if (payload_left_ == 0) end_frame();
  }

  void end_frame() {
    if (ends_data_message_) ++completed_messages_;
    ends_data_message_ = false;
  }

  std::uint8_t header_[14] = {};
  std::size_t header_have_ = 0;
  std::size_t header_need_ = 2;
  std::uint64_t payload_left_ = 0;
  std::uint64_t relabeled_ = 0;
  bool ends_data_message_ = false;  // the frame being skipped is a data message's last
  std::uint64_t completed_messages_ = 0;
};

}  // namespace sc2::net
