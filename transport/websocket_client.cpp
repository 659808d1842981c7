// WebSocketClient: Boost.Beast websocket over a plain TCP socket, driven on the caller's
// thread. Every operation is asynchronous underneath so that it can be bounded by a
// timeout (run_with_timeout); on a timeout or any failure the socket is closed and the
// client stays closed (the stream would be out of step with the server anyway).
#include "transport/websocket_client.h"

#include <boost/asio/buffer.hpp>
#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <mutex>
#include <optional>
#include <random>

#include "transport/run_with_timeout.h"
#include "transport/wait_spin.h"

namespace sc2::net {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using error_code = boost::system::error_code;
using namespace std::chrono_literals;

namespace {

constexpr std::size_t kReadMessageMax = 128u << 20;  // observations with many layers are big
// A message is read this much at a time at most, so a header claiming a large frame costs
// nothing until its bytes arrive.
constexpr std::size_t kReadChunk = 1u << 20;
constexpr std::chrono::milliseconds kCloseTimeout{500};

std::string describe(const error_code& ec) {
  if (ec == asio::error::timed_out) return "timed out";
  return ec.message();
}

}  // namespace

struct WebSocketClient::Impl {
  asio::io_context ioc;
  std::optional<websocket::stream<tcp::socket>> ws;
  // Every message is read into this buffer (keeps its capacity; growing it does not
  // zero-fill, as growing a std::string would for each piece read).
  beast::flat_buffer message;
  std::string url;  // for messages: ws://host:port/path
  bool open = false;
  std::string outgoing;  // send_all's frames, reused
  std::minstd_rand mask_keys{std::random_device{}()};  // a fresh mask key per frame

  WaitSpin reply_wait{0us};  // how long a receive polls before it sleeps (made at connect)

  // Runs one operation; on timeout closes the socket so the operation ends.
  template <class Start>
  error_code run(std::chrono::milliseconds timeout, Start&& start,
                 std::optional<std::chrono::steady_clock::time_point> poll_until = std::nullopt) {
    return detail::run_with_timeout(
        ioc, timeout, std::forward<Start>(start),
        [this] {
          error_code ignored;
          if (ws) beast::get_lowest_layer(*ws).close(ignored);
        },
        poll_until);
  }

  // A dup() of the socket for interrupt() from another thread: shutting it down wakes the
  // owner's operation; the number stays ours until forget_wake(), so it never hits a reused one.
  std::mutex wake_mutex;
  int wake_fd = -1;

  void forget_wake() noexcept {
    std::lock_guard lock(wake_mutex);
    if (wake_fd >= 0) ::close(wake_fd);
    wake_fd = -1;
  }

  void drop() noexcept {
    open = false;
    forget_wake();
    if (ws) {
      error_code ignored;
      beast::get_lowest_layer(*ws).close(ignored);
    }
  }

  [[noreturn]] void fail(const std::string& what) {
    drop();
    throw TransportError("websocket " + url + ": " + what);
  }

  std::string describe_read_error(const error_code& ec, std::chrono::milliseconds timeout) {
    if (ec == asio::error::timed_out)
      return "no message within " + std::to_string(timeout.count()) + " ms (timed out)";
    // A close frame came (its code is kept even when the closing handshake then fails).
    if (ec == websocket::error::closed || ws->reason().code != websocket::close_code::none) {
      const auto& reason = ws->reason();
      std::string text = "the server closed the connection (close code " +
                         std::to_string(static_cast<int>(reason.code));
      if (reason.code == websocket::close_code::too_big)
        text += ": our message was over the server's size limit";
      if (!reason.reason.empty()) text += ", " + std::string(reason.reason.c_str());
      return text + ")";
    }
    if (ec == websocket::error::message_too_big)
      return "the server sent a message over the limit of " + std::to_string(kReadMessageMax) +
             " bytes (message too big); the connection is closed";
    if (ec == asio::error::eof || ec == asio::error::connection_reset ||
        ec == beast::error::timeout || ec == asio::error::broken_pipe)
      return "the connection was lost (" + ec.message() + ")";
    return ec.message();
  }
};

WebSocketClient::WebSocketClient() : impl_(std::make_unique<Impl>()) {}

WebSocketClient::~WebSocketClient() { close(); }

void WebSocketClient::connect(const std::string& host, std::uint16_t port,
                              std::chrono::milliseconds timeout, const std::string& path) {
  close();
  Impl& s = *impl_;
  s.url = "ws://" + host + ":" + std::to_string(port) + path;
  s.reply_wait = WaitSpin::for_this_thread();
  s.ws.emplace(s.ioc);
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  auto remaining = [&] {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    return std::max(left, std::chrono::milliseconds(1));
  };

  tcp::resolver resolver(s.ioc);
  tcp::resolver::results_type endpoints;
  error_code ec = s.run(remaining(), [&](auto done) {
    resolver.async_resolve(host, std::to_string(port),
                           [&, done](error_code e, tcp::resolver::results_type r) {
                             endpoints = std::move(r);
                             done(e);
                           });
  });
  if (ec) {
    resolver.cancel();
    s.fail("cannot resolve host " + host + ": " + describe(ec));
  }

  ec = s.run(remaining(), [&](auto done) {
    asio::async_connect(beast::get_lowest_layer(*s.ws), endpoints,
                        [done](error_code e, const tcp::endpoint&) { done(e); });
  });
  if (ec) s.fail("cannot connect: " + describe(ec));

  error_code ignored;
  beast::get_lowest_layer(*s.ws).set_option(tcp::no_delay(true), ignored);
  {
    std::lock_guard lock(s.wake_mutex);
    s.wake_fd = ::dup(beast::get_lowest_layer(*s.ws).native_handle());
  }
  s.ws->read_message_max(kReadMessageMax);
  s.ws->auto_fragment(false);
  s.ws->binary(true);

  websocket::response_type response;
  ec = s.run(remaining(), [&](auto done) {
    s.ws->async_handshake(response, host + ":" + std::to_string(port), path,
                          [done](error_code e) { done(e); });
  });
  if (ec == websocket::error::upgrade_declined) {
    std::string body = response.body().substr(0, 300);
    while (!body.empty() && (body.back() == '\n' || body.back() == '\r')) body.pop_back();
    s.fail("the server declined the websocket upgrade: HTTP " +
           std::to_string(response.result_int()) + " " + std::string(response.reason()) +
           (body.empty() ? "" : " (" + body + ")"));
  }
  if (ec) s.fail("websocket handshake failed: " + describe(ec));
  s.open = true;
}

void WebSocketClient::send(std::string_view bytes, std::chrono::milliseconds timeout) {
  Impl& s = *impl_;
  if (!s.open) throw TransportError("websocket " + s.url + ": send on a closed connection");
  error_code ec = s.run(timeout, [&](auto done) {
    s.ws->async_write(asio::buffer(bytes.data(), bytes.size()),
                      [done](error_code e, std::size_t) { done(e); });
  });
  if (ec == asio::error::timed_out)
    s.fail("sending " + std::to_string(bytes.size()) + " bytes did not finish within " +
           std::to_string(timeout.count()) + " ms (timed out)");
  if (ec) s.fail("send failed: " + s.describe_read_error(ec, timeout));
}

void WebSocketClient::send_all(std::span<const std::string> messages, std::chrono::milliseconds timeout) {
  Impl& s = *impl_;
  if (!s.open) throw TransportError("websocket " + s.url + ": send on a closed connection");
  // RFC 6455 section 5.2: FIN + binary, the MASK bit with the length (7, 16 or 64 bits),
  // the 4-byte mask key, then the payload XORed with the key.
  std::string& out = s.outgoing;
  out.clear();
  std::size_t total = 0;
  for (const std::string& message : messages) {
    const std::uint64_t size = message.size();
    out.push_back(static_cast<char>(0x82));
    if (size < 126) {
      out.push_back(static_cast<char>(0x80 | size));
    } else if (size <= 0xffff) {
      out.push_back(static_cast<char>(0x80 | 126));
      for (int shift = 8; shift >= 0; shift -= 8) out.push_back(static_cast<char>((size >> shift) & 0xff));
    } else {
      out.push_back(static_cast<char>(0x80 | 127));
      for (int shift = 56; shift >= 0; shift -= 8) out.push_back(static_cast<char>((size >> shift) & 0xff));
    }
    const std::uint32_t key = static_cast<std::uint32_t>(s.mask_keys());
    const std::array<char, 4> mask = {static_cast<char>(key >> 24), static_cast<char>(key >> 16),
                                      static_cast<char>(key >> 8), static_cast<char>(key)};
    out.append(mask.data(), mask.size());
    const std::size_t start = out.size();
    out.append(message);
    for (std::size_t i = 0; i < message.size(); ++i) out[start + i] = static_cast<char>(out[start + i] ^ mask[i % 4]);
    total += message.size();
  }
  error_code ec = s.run(timeout, [&](auto done) {
    asio::async_write(beast::get_lowest_layer(*s.ws), asio::buffer(out), [done](error_code e, std::size_t) { done(e); });
  });
  if (ec == asio::error::timed_out)
    s.fail("sending " + std::to_string(total) + " bytes in " + std::to_string(messages.size()) +
           " messages did not finish within " + std::to_string(timeout.count()) + " ms (timed out)");
  if (ec) s.fail("send failed: " + s.describe_read_error(ec, timeout));
}

std::string WebSocketClient::receive(std::chrono::milliseconds timeout) {
  return std::string(receive_view(timeout));
}

void WebSocketClient::receive_into(std::string& out, std::chrono::milliseconds timeout) {
  out.clear();
  out.append(receive_view(timeout));
}

std::string_view WebSocketClient::receive_view(std::chrono::milliseconds timeout) {
  Impl& s = *impl_;
  if (!s.open) throw TransportError("websocket " + s.url + ": receive on a closed connection");
  s.message.clear();
  if (s.message.capacity() > 8 * kReadChunk) s.message.shrink_to_fit();  // after a huge message
  // A piece at a time: async_read would size the buffer for the frame's claimed length up front.
  const TimedWait wait(s.reply_wait);
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  error_code ec;
  do {
    const auto left = std::max(std::chrono::duration_cast<std::chrono::milliseconds>(
                                   deadline - std::chrono::steady_clock::now()),
                               std::chrono::milliseconds(0));
    ec = s.run(
        left,
        [&](auto done) {
          s.ws->async_read_some(s.message, kReadChunk, [done](error_code e, std::size_t) { done(e); });
        },
        wait.poll_until());
  } while (!ec && !s.ws->is_message_done());
  wait.record_into(s.reply_wait);
  if (ec) {
    s.message.clear();
    s.fail("receive failed: " + s.describe_read_error(ec, timeout));
  }
  const auto bytes = s.message.data();
  return std::string_view(static_cast<const char*>(bytes.data()), bytes.size());
}

void WebSocketClient::close() noexcept {
  Impl& s = *impl_;
  if (!s.ws) return;
  if (s.open && s.ws->is_open()) {
    try {
      s.run(kCloseTimeout, [&](auto done) {
        s.ws->async_close(websocket::close_code::normal, [done](error_code e) { done(e); });
      });
    } catch (...) {
    }
  }
  s.drop();
  s.ws.reset();
}

void WebSocketClient::interrupt() noexcept {
  Impl& s = *impl_;
  std::lock_guard lock(s.wake_mutex);
  if (s.wake_fd >= 0) ::shutdown(s.wake_fd, SHUT_RDWR);
}

bool WebSocketClient::is_open() const noexcept { return impl_->open && impl_->ws && impl_->ws->is_open(); }

}  // namespace sc2::net
