#pragma once
// A websocket client written by hand on POSIX sockets, for tests that need to send frames
// our own client never sends (text opcode, fragments, byte-by-byte delivery, bad paths).
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace sc2::test {

struct RawFrame {
  std::uint8_t first_byte = 0;  // FIN bit and opcode as sent by the server
  std::string payload;
  std::uint8_t opcode() const { return first_byte & 0x0f; }
  bool fin() const { return (first_byte & 0x80) != 0; }
};

class RawWebSocket {
 public:
  static constexpr std::uint8_t kFin = 0x80;
  static constexpr std::uint8_t kContinuation = 0, kText = 1, kBinary = 2, kClose = 8;

  explicit RawWebSocket(std::uint16_t port) {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd_ < 0) throw std::runtime_error("socket() failed");
    timeval timeout{5, 0};  // a broken server must fail the test, not hang it
    ::setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    int one = 1;
    ::setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0)
      throw std::runtime_error("connect() failed");
  }
  ~RawWebSocket() { ::close(fd_); }
  RawWebSocket(const RawWebSocket&) = delete;
  RawWebSocket& operator=(const RawWebSocket&) = delete;

  // Sends the upgrade request and returns the response head (status line and headers).
  std::string handshake(const std::string& path = "/sc2api") {
    send_raw("GET " + path +
             " HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
             "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n");
    std::string head;
    while (head.find("\r\n\r\n") == std::string::npos) head += read_exact(1);
    return head;
  }

  void send_raw(std::string_view bytes) {
    while (!bytes.empty()) {
      const ssize_t sent = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
      if (sent <= 0) throw std::runtime_error("send() failed");
      bytes.remove_prefix(static_cast<std::size_t>(sent));
    }
  }

  // One client frame: `first_byte` is FIN | opcode; the payload is masked as RFC 6455 asks.
  static std::string frame(std::uint8_t first_byte, std::string_view payload) {
    std::string out(1, static_cast<char>(first_byte));
    const std::uint64_t size = payload.size();
    if (size < 126) {
      out += static_cast<char>(0x80 | size);
    } else if (size <= 0xffff) {
      out += static_cast<char>(0x80 | 126);
      for (int shift = 8; shift >= 0; shift -= 8) out += static_cast<char>((size >> shift) & 0xff);
    } else {
      out += static_cast<char>(0x80 | 127);
      for (int shift = 56; shift >= 0; shift -= 8) out += static_cast<char>((size >> shift) & 0xff);
    }
    const unsigned char mask[4] = {0x37, 0xfa, 0x21, 0x3d};
    out.append(reinterpret_cast<const char*>(mask), 4);
    for (std::size_t i = 0; i < payload.size(); ++i)
      out += static_cast<char>(static_cast<unsigned char>(payload[i]) ^ mask[i % 4]);
    return out;
  }

  // Reads one server frame (unmasked, as servers send them).
  RawFrame read_frame() {
    RawFrame result;
    const std::string head = read_exact(2);
    result.first_byte = static_cast<std::uint8_t>(head[0]);
    std::uint64_t size = static_cast<std::uint8_t>(head[1]) & 0x7f;
    if (size == 126 || size == 127) {
      const std::string extended = read_exact(size == 126 ? 2 : 8);
      size = 0;
      for (char c : extended) size = (size << 8) | static_cast<std::uint8_t>(c);
    }
    result.payload = read_exact(static_cast<std::size_t>(size));
    return result;
  }

  // Everything the server sends until it closes the connection.
  std::string read_until_eof() {
    std::string all;
    char buffer[4096];
    for (;;) {
      const ssize_t got = ::recv(fd_, buffer, sizeof buffer, 0);
      if (got <= 0) return all;
      all.append(buffer, static_cast<std::size_t>(got));
    }
  }

 private:
  std::string read_exact(std::size_t size) {
    std::string out(size, '\0');
    std::size_t have = 0;
    while (have < size) {
      const ssize_t got = ::recv(fd_, out.data() + have, size - have, 0);
      if (got <= 0) throw std::runtime_error("the server closed the connection or timed out");
      have += static_cast<std::size_t>(got);
    }
    return out;
  }

  int fd_ = -1;
};

}  // namespace sc2::test
