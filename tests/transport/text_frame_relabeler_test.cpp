// TextFrameRelabeler: follows frame headers across arbitrary splits and rewrites only
// the opcode byte of text frames.
#include "transport/text_frame_relabeler.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "tests/transport/raw_websocket.h"

using sc2::net::TextFrameRelabeler;
using sc2::test::RawWebSocket;

namespace {

std::vector<std::uint8_t> bytes_of(const std::string& text) { return {text.begin(), text.end()}; }

// Expected result: the same frames with text opcodes replaced by binary ones.
std::string three_frames(std::uint8_t first_opcode) {
  const std::string small(5, '\xff');
  const std::string medium(300, '\x01');       // 16-bit length
  const std::string large(70000, '\x81');      // 64-bit length
  return RawWebSocket::frame(RawWebSocket::kFin | first_opcode, small) +
         RawWebSocket::frame(RawWebSocket::kFin | RawWebSocket::kBinary, medium) +
         RawWebSocket::frame(RawWebSocket::kFin | first_opcode, large) +
         RawWebSocket::frame(RawWebSocket::kFin | RawWebSocket::kClose, "");
}

}  // namespace

TEST_CASE("relabeler turns text frames into binary ones and leaves payloads alone") {
  const auto input = bytes_of(three_frames(RawWebSocket::kText));
  const auto expected = bytes_of(three_frames(RawWebSocket::kBinary));
  REQUIRE(input != expected);

  SUBCASE("all at once") {
    auto data = input;
    TextFrameRelabeler relabeler;
    relabeler.process(data.data(), data.size());
    CHECK(data == expected);
    CHECK(relabeler.relabeled_frames() == 2);
    CHECK(relabeler.at_frame_boundary());
    CHECK(relabeler.completed_messages() == 3);  // the close frame is not a message
  }
  SUBCASE("one byte at a time") {
    auto data = input;
    TextFrameRelabeler relabeler;
    const std::size_t first_frame = 2 + 4 + 5;  // header, mask key, payload
    for (std::size_t i = 0; i < data.size(); ++i) {
      relabeler.process(&data[i], 1);
      if (i + 1 == first_frame - 1) CHECK(relabeler.completed_messages() == 0);  // a byte short
      if (i + 1 == first_frame) CHECK(relabeler.completed_messages() == 1);
    }
    CHECK(data == expected);
    CHECK(relabeler.relabeled_frames() == 2);
    CHECK(relabeler.completed_messages() == 3);
  }
  SUBCASE("uneven chunks that split headers and lengths") {
    for (std::size_t chunk : {2u, 3u, 7u, 13u, 4099u}) {
      auto data = input;
      TextFrameRelabeler relabeler;
      for (std::size_t i = 0; i < data.size(); i += chunk)
        relabeler.process(&data[i], std::min(chunk, data.size() - i));
      CHECK_MESSAGE(data == expected, "chunk size " << chunk);
    }
  }
}

TEST_CASE("relabeler keeps continuation and control frames and the FIN/RSV bits") {
  const std::string stream = RawWebSocket::frame(RawWebSocket::kText, "ab") +             // no FIN
                             RawWebSocket::frame(RawWebSocket::kFin | 9, "ping") +         // ping
                             RawWebSocket::frame(RawWebSocket::kFin | RawWebSocket::kContinuation, "cd");
  auto data = bytes_of(stream);
  TextFrameRelabeler relabeler;
  relabeler.process(data.data(), data.size());
  CHECK(data[0] == RawWebSocket::kBinary);  // FIN stays clear
  const std::size_t second = 2 + 4 + 2;
  CHECK(data[second] == (RawWebSocket::kFin | 9));
  const std::size_t third = second + 2 + 4 + 4;
  CHECK(data[third] == (RawWebSocket::kFin | RawWebSocket::kContinuation));
  CHECK(relabeler.at_frame_boundary());
  CHECK(relabeler.completed_messages() == 1);  // two fragments, one message; the ping is none
}

TEST_CASE("relabeler counts an empty message as whole once its header is in") {
  auto data = bytes_of(RawWebSocket::frame(RawWebSocket::kFin | RawWebSocket::kBinary, ""));
  TextFrameRelabeler relabeler;
  relabeler.process(data.data(), 1);
  CHECK(relabeler.completed_messages() == 0);
  relabeler.process(data.data() + 1, data.size() - 1);
  CHECK(relabeler.completed_messages() == 1);
}
