// WebSocketServer: an accept thread plus one thread per connection, each connection with
// its own io_context driven by its thread (asynchronous operations so that handshakes,
// writes and closes can time out).
//
// Under Beast's websocket stream sits RelabelingStream: it follows the incoming frame
// headers and turns text frames into binary ones before Beast sees them, so Beast never
// validates UTF-8 (PySC2 sends protobuf bytes in text frames; see text_frame_relabeler.h).
//
// stop() must be able to end a connection whose thread is busy (in a handler or blocked
// in a read). It calls ::shutdown() on a dup() of the connection's socket: that wakes any
// pending operation at once, and the dup's descriptor number stays ours until the
// connection is destroyed, so it can never hit a reused descriptor.
#include "transport/websocket_server.h"

#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <limits>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>
#include <vector>

#include "transport/reply_buffer.h"
#include "transport/run_with_timeout.h"
#include "transport/text_frame_relabeler.h"
#include "transport/wait_spin.h"

namespace sc2::net {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using error_code = boost::system::error_code;
using std::chrono::milliseconds;

namespace {

// asio's own completion conditions (transfer_all) hand the kernel at most 64 KiB per system
// call, so an observation (~130 KiB at 64x64) took three sendmsg calls and three passes
// through the loopback; this one lets a gathered write go out in one call (asio still passes
// at most 16 pieces per call; a reply is two).
struct WholeWrite {
  std::size_t operator()(const error_code& ec, std::size_t) const {
    return ec ? 0 : std::numeric_limits<std::size_t>::max();
  }
};

// A message is read this much at a time at most, so a header claiming a large frame costs
// nothing until its bytes arrive.
constexpr std::size_t kReadChunk = 1u << 20;
constexpr milliseconds kHandshakeTimeout{10000};
constexpr milliseconds kRefusalTimeout{2000};
constexpr std::size_t kMaxRefusalsInFlight = 64;
constexpr milliseconds kWriteTimeout{60000};
constexpr milliseconds kCloseTimeout{1000};
// The kernel's send buffer per connection: an observation of every layer at 256x256 (~2 MB)
// or a batch of held replies then goes out in one write, without waiting for the client.
constexpr int kSendBufferBytes = 1 << 20;

// The stream Beast's websocket runs on: a TCP socket whose incoming bytes pass through a
// TextFrameRelabeler once the HTTP upgrade is done. Bytes read past the HTTP request are
// pushed back with start_tracking_frames() and served first.
class RelabelingStream {
 public:
  using executor_type = tcp::socket::executor_type;
  using next_layer_type = tcp::socket;

  explicit RelabelingStream(tcp::socket socket) : socket_(std::move(socket)) {}

  executor_type get_executor() noexcept { return socket_.get_executor(); }
  tcp::socket& next_layer() noexcept { return socket_; }
  const tcp::socket& next_layer() const noexcept { return socket_; }

  // From now on incoming bytes are websocket frames; `already_read` came first.
  void start_tracking_frames(std::string already_read) {
    pending_ = std::move(already_read);
    pending_offset_ = 0;
    tracking_ = true;
  }

  std::uint64_t relabeled_frames() const noexcept { return relabeler_.relabeled_frames(); }
  // Data messages whose every byte has been read from the socket (into Beast's buffer or ours).
  std::uint64_t completed_messages() const noexcept { return relabeler_.completed_messages(); }
  // The next byte on the socket starts a frame header (every frame read so far is whole).
  bool at_frame_boundary() const noexcept { return tracking_ && relabeler_.at_frame_boundary(); }

  template <class MutableBufferSequence, class ReadHandler>
  auto async_read_some(const MutableBufferSequence& buffers, ReadHandler&& handler) {
    return asio::async_initiate<ReadHandler, void(error_code, std::size_t)>(
        [this](auto&& completion, const MutableBufferSequence& bufs) {
          using Completion = std::decay_t<decltype(completion)>;
          if (pending_offset_ < pending_.size()) {
            const std::size_t n =
                asio::buffer_copy(bufs, asio::buffer(pending_) + pending_offset_);
            pending_offset_ += n;
            relabel(bufs, n);
            asio::post(socket_.get_executor(),
                       [c = Completion(std::move(completion)), n]() mutable { c(error_code{}, n); });
            return;
          }
          socket_.async_read_some(
              bufs, [this, bufs, c = Completion(std::move(completion))](error_code ec,
                                                                         std::size_t n) mutable {
                relabel(bufs, n);
                c(ec, n);
              });
        },
        handler, buffers);
  }

  template <class ConstBufferSequence, class WriteHandler>
  auto async_write_some(const ConstBufferSequence& buffers, WriteHandler&& handler) {
    return socket_.async_write_some(buffers, std::forward<WriteHandler>(handler));
  }

 private:
  template <class MutableBufferSequence>
  void relabel(const MutableBufferSequence& buffers, std::size_t size) {
    if (!tracking_) return;
    for (auto it = asio::buffer_sequence_begin(buffers);
         size > 0 && it != asio::buffer_sequence_end(buffers); ++it) {
      asio::mutable_buffer part = *it;
      const std::size_t used = std::min(size, part.size());
      relabeler_.process(static_cast<std::uint8_t*>(part.data()), used);
      size -= used;
    }
  }

  tcp::socket socket_;
  TextFrameRelabeler relabeler_;
  bool tracking_ = false;
  std::string pending_;
  std::size_t pending_offset_ = 0;
};

// Websocket closing handshake support for RelabelingStream (found by Beast through ADL):
// tear down the TCP socket underneath.
template <class TeardownHandler>
void async_teardown(beast::role_type role, RelabelingStream& stream,
                    TeardownHandler&& handler) {
  websocket::async_teardown(role, stream.next_layer(), std::forward<TeardownHandler>(handler));
}

[[maybe_unused]] void teardown(beast::role_type role, RelabelingStream& stream, error_code& ec) {
  websocket::teardown(role, stream.next_layer(), ec);
}

std::string_view path_of(std::string_view target) {
  return target.substr(0, std::min(target.find('?'), target.size()));
}

// A connection over the limit, answered on the accept thread (no thread of its own): read
// its HTTP request (so that closing does not reset the connection before the client reads
// the answer), answer 503 with the reason, close. Bounded by kRefusalTimeout.
struct Refusal : std::enable_shared_from_this<Refusal> {
  Refusal(asio::io_context& ioc, tcp::socket accepted, std::string reason,
          std::shared_ptr<std::atomic<std::size_t>> in_flight)
      : socket(ioc), timer(ioc), counter(std::move(in_flight)) {
    ++*counter;
    error_code ec;
    const auto protocol = accepted.local_endpoint(ec).protocol();
    socket.assign(protocol, accepted.release(), ec);  // moved onto the accept thread's context
    response.result(http::status::service_unavailable);
    response.version(11);
    response.set(http::field::server, "sc2studio");
    response.set(http::field::content_type, "text/plain");
    response.set(http::field::retry_after, "1");
    response.keep_alive(false);
    response.body() = std::move(reason) + "\n";
    response.prepare_payload();
  }
  ~Refusal() { --*counter; }

  void start() {
    auto self = shared_from_this();
    timer.expires_after(kRefusalTimeout);
    timer.async_wait([self](error_code ec) {
      if (!ec) self->finish();
    });
    http::async_read(socket, buffer, request, [self](error_code ec, std::size_t) {
      if (ec) return self->finish();
      http::async_write(self->socket, self->response, [self](error_code, std::size_t) { self->finish(); });
    });
  }

  void finish() {
    error_code ignored;
    timer.cancel(ignored);
    socket.shutdown(tcp::socket::shutdown_both, ignored);
    socket.close(ignored);
  }

  tcp::socket socket;
  asio::steady_timer timer;
  beast::flat_buffer buffer;
  http::request<http::string_body> request;
  http::response<http::string_body> response;
  std::shared_ptr<std::atomic<std::size_t>> counter;  // refusals in flight
};

}  // namespace

//------------------------------------------------------------------------------------------
// One connection: its thread, io_context and socket.

struct Connection {
  explicit Connection(ConnectionId connection_id) : id(connection_id) {}
  ~Connection() {
    if (control_fd >= 0) ::close(control_fd);
  }

  const ConnectionId id;
  asio::io_context ioc;  // declared before the stream: sockets die before their context
  std::optional<websocket::stream<RelabelingStream>> ws;
  std::thread thread;
  std::atomic<bool> finished{false};

  // Wakes every pending operation by shutting the socket down; any thread, any time.
  void shut_down() noexcept {
    std::lock_guard lock(fd_mutex);
    if (control_fd >= 0) ::shutdown(control_fd, SHUT_RDWR);
  }

  // Peeks at the socket without reading (see WebSocketServer::peer_connected). On the
  // connection's own thread (inside its handler: no read runs, the stream is ours to look at).
  bool peer_connected() noexcept {
    std::lock_guard lock(fd_mutex);
    if (control_fd < 0 || !ws) return false;
    std::uint8_t first = 0;
    const ssize_t n = ::recv(control_fd, &first, 1, MSG_PEEK | MSG_DONTWAIT);
    if (n == 0) return false;  // the peer closed (or our shutdown)
    if (n < 0) return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR;
    // A close frame waiting counts as gone; judged only when the byte is a frame's first.
    constexpr std::uint8_t kOpcodeClose = 8;
    return !ws->next_layer().at_frame_boundary() || (first & 0x0f) != kOpcodeClose;
  }

  void adopt(tcp::socket socket) {
    std::lock_guard lock(fd_mutex);
    control_fd = ::dup(socket.native_handle());
    ws.emplace(std::move(socket));
  }

  // Ends the connection for good (connection thread only).
  void release() noexcept {
    shut_down();
    ws.reset();
  }

  template <class Start>
  error_code run(std::optional<milliseconds> timeout, Start&& start,
                 std::optional<std::chrono::steady_clock::time_point> poll_until = std::nullopt) {
    return detail::run_with_timeout(
        ioc, timeout, std::forward<Start>(start), [this] { shut_down(); }, poll_until);
  }

 private:
  std::mutex fd_mutex;
  int control_fd = -1;
};

//------------------------------------------------------------------------------------------

struct WebSocketServer::Impl {
  Impl(ServerHandlers h, std::string p, ServerLimits l)
      : handlers(std::move(h)), path(std::move(p)), limits(l) {}

  ServerHandlers handlers;
  std::string path;
  ServerLimits limits;
  std::shared_ptr<std::atomic<std::size_t>> refusals_in_flight =
      std::make_shared<std::atomic<std::size_t>>(0);
  asio::io_context accept_ioc;
  std::optional<tcp::acceptor> acceptor;
  std::uint16_t port = 0;
  std::thread accept_thread;
  std::atomic<ConnectionId> next_id{1};
  std::atomic<bool> stopping{false};

  std::mutex mutex;  // guards everything below
  std::condition_variable stopped_cv;
  bool stopped = false;
  bool started = false;          // start() was called (the accept thread owns the listener)
  bool listener_closed = false;
  std::vector<std::shared_ptr<Connection>> connections;

  void accept_next() {
    auto connection = std::make_shared<Connection>(next_id++);
    acceptor->async_accept(connection->ioc, [this, connection](error_code ec, tcp::socket socket) {
      if (stopping) return;
      if (ec) {
        // e.g. out of file descriptors: do not spin, try again shortly.
        std::this_thread::sleep_for(milliseconds(20));
      } else {
        begin(connection, std::move(socket));
      }
      accept_next();
    });
  }

  void begin(const std::shared_ptr<Connection>& connection, tcp::socket socket) {
    std::lock_guard lock(mutex);
    if (stopping) return;
    reap_finished_locked();
    if (live_connections_locked() >= limits.max_connections) return refuse_over_limit(std::move(socket));
    connection->adopt(std::move(socket));
    connection->thread = std::thread([this, connection] { serve(*connection); });
    connections.push_back(connection);
  }

  std::size_t live_connections_locked() const {
    return static_cast<std::size_t>(std::count_if(connections.begin(), connections.end(),
                                                  [](const auto& c) { return !c->finished; }));
  }

  // Over the connection limit: a 503 naming the limit, answered on the accept thread. Past
  // kMaxRefusalsInFlight (a flood), the socket is just closed.
  void refuse_over_limit(tcp::socket socket) {
    if (*refusals_in_flight >= kMaxRefusalsInFlight) return;  // the socket closes here
    std::make_shared<Refusal>(accept_ioc, std::move(socket),
                              "too many connections: this server takes at most " +
                                  std::to_string(limits.max_connections) +
                                  " at once; close another connection and retry",
                              refusals_in_flight)
        ->start();
  }

  void reap_finished_locked() {
    for (auto it = connections.begin(); it != connections.end();) {
      if ((*it)->finished) {
        if ((*it)->thread.joinable()) (*it)->thread.join();
        it = connections.erase(it);
      } else {
        ++it;
      }
    }
  }

  void serve(Connection& connection) {
    try {
      serve_connection(connection);
    } catch (...) {
      // A connection's failure must never take the server down.
    }
    if (handlers.on_close) {
      try {
        handlers.on_close(connection.id);
      } catch (...) {
      }
    }
    connection.release();
    connection.finished = true;
  }

  // Answers a request that is not a websocket upgrade to `path` and ends the connection.
  void refuse(Connection& connection, http::status status, const std::string& text,
              unsigned version) {
    http::response<http::string_body> response{status, version};
    response.set(http::field::server, "sc2studio");
    response.set(http::field::content_type, "text/plain");
    response.keep_alive(false);
    response.body() = text + "\n";
    response.prepare_payload();
    connection.run(kWriteTimeout, [&](auto done) {
      http::async_write(connection.ws->next_layer(), response,
                        [done](error_code e, std::size_t) { done(e); });
    });
    error_code ignored;
    connection.ws->next_layer().next_layer().shutdown(tcp::socket::shutdown_send, ignored);
  }

  void serve_connection(Connection& connection) {
    auto& ws = *connection.ws;
    RelabelingStream& stream = ws.next_layer();
    error_code ec;
    stream.next_layer().set_option(tcp::no_delay(true), ec);
    stream.next_layer().set_option(asio::socket_base::send_buffer_size(kSendBufferBytes), ec);

    // The HTTP upgrade request, read by hand so that other paths get a 404.
    beast::flat_buffer buffer;
    http::request_parser<http::string_body> parser;
    parser.body_limit(64 * 1024);
    ec = connection.run(kHandshakeTimeout, [&](auto done) {
      http::async_read(stream, buffer, parser, [done](error_code e, std::size_t) { done(e); });
    });
    if (ec) return;
    http::request<http::string_body> request = parser.release();
    const std::string target(path_of(request.target()));
    if (target != path) {
      refuse(connection, http::status::not_found,
             "no websocket endpoint at " + target + " (use " + path + ")", request.version());
      return;
    }
    if (!websocket::is_upgrade(request)) {
      refuse(connection, http::status::upgrade_required,
             "this endpoint only speaks websocket", request.version());
      return;
    }
    stream.start_tracking_frames(beast::buffers_to_string(buffer.data()));

    ws.read_message_max(limits.max_message_bytes);
    ws.auto_fragment(false);
    ws.binary(true);
    ws.set_option(websocket::stream_base::decorator(
        [](websocket::response_type& response) { response.set(http::field::server, "sc2studio"); }));
    ec = connection.run(kHandshakeTimeout, [&](auto done) {
      ws.async_accept(request, [done](error_code e) { done(e); });
    });
    if (ec) return;

    beast::flat_buffer message;
    ReplyBuffer replies;  // held until the requests already read are answered (reply_buffer.h)
    std::vector<asio::const_buffer> pieces;  // of one gathered write, reused
    std::uint64_t messages_read = 0;
    // How long a wait for the next request polls before it sleeps.
    WaitSpin request_wait = WaitSpin::for_this_thread();
    while (!stopping) {
      // A piece at a time (not async_read): Beast would reserve a whole frame's claimed size.
      message.clear();
      if (message.capacity() > 8 * kReadChunk) message.shrink_to_fit();  // after a huge message
      const TimedWait wait(request_wait);
      do {
        ec = connection.run(
            std::nullopt,
            [&](auto done) {
              ws.async_read_some(message, kReadChunk, [done](error_code e, std::size_t) { done(e); });
            },
            wait.poll_until());
      } while (!ec && !stopping && !ws.is_message_done());
      if (ec || stopping) return;
      wait.record_into(request_wait);
      ++messages_read;

      const auto bytes = message.data();
      const std::string_view request(static_cast<const char*>(bytes.data()), bytes.size());
      Reply& reply = replies.next();
      try {
        if (handlers.on_message_into) {
          reply.close_after = handlers.on_message_into(connection.id, request, reply.bytes);
        } else {
          reply = handlers.on_message(connection.id, request);
        }
      } catch (...) {
        replies.drop_last();  // the failed request has no reply; those before it still go out
        if (write_held(connection, replies, pieces)) return;
        connection.run(kCloseTimeout, [&](auto done) {
          ws.async_close(websocket::close_code::internal_error, [done](error_code e) { done(e); });
        });
        return;
      }
      if (stopping) return;

      // The next request is already read whole (a client pipelining its requests): answer
      // it first and send both replies in one write. Never past a reply that closes.
      const bool next_is_here = stream.completed_messages() > messages_read;
      if (next_is_here && !reply.close_after && !replies.full()) continue;

      const bool close_after = reply.close_after;
      ec = write_held(connection, replies, pieces);
      if (ec) return;
      if (close_after) {
        connection.run(kCloseTimeout, [&](auto done) {
          ws.async_close(websocket::close_code::normal, [done](error_code e) { done(e); });
        });
        return;
      }
    }
  }

  // Sends the held replies as binary frames in one gathered write, then forgets them.
  error_code write_held(Connection& connection, ReplyBuffer& replies, std::vector<asio::const_buffer>& pieces) {
    pieces.clear();
    replies.for_each_piece([&](std::string_view piece) { pieces.emplace_back(piece.data(), piece.size()); });
    replies.clear();
    if (pieces.empty()) return {};
    return connection.run(kWriteTimeout, [&](auto done) {
      asio::async_write(connection.ws->next_layer().next_layer(), pieces, WholeWrite{},
                        [done](error_code e, std::size_t) { done(e); });
    });
  }
};

//------------------------------------------------------------------------------------------

WebSocketServer::WebSocketServer(const std::string& host, std::uint16_t port,
                                 ServerHandlers handlers, std::string path, ServerLimits limits)
    : impl_(std::make_unique<Impl>(std::move(handlers), std::move(path), limits)) {
  if (!impl_->handlers.on_message && !impl_->handlers.on_message_into)
    throw std::invalid_argument("WebSocketServer needs an on_message (or on_message_into) handler");
  const std::string where = host + ":" + std::to_string(port);
  error_code ec;
  tcp::resolver resolver(impl_->accept_ioc);
  auto endpoints = resolver.resolve(host, std::to_string(port), tcp::resolver::passive, ec);
  if (ec || endpoints.empty())
    throw std::runtime_error("cannot listen on " + where + ": cannot resolve " + host + ": " +
                             ec.message());
  const tcp::endpoint endpoint = *endpoints.begin();
  auto& acceptor = impl_->acceptor.emplace(impl_->accept_ioc);
  if (!acceptor.open(endpoint.protocol(), ec))
    acceptor.set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec) acceptor.bind(endpoint, ec);
  if (!ec) acceptor.listen(asio::socket_base::max_listen_connections, ec);
  if (ec) throw std::runtime_error("cannot listen on " + where + ": " + ec.message());
  impl_->port = acceptor.local_endpoint().port();
}

WebSocketServer::~WebSocketServer() {
  stop();
  // stop() leaves alone the thread it is called from; join (or let go of) what is left.
  std::vector<std::shared_ptr<Connection>> rest;
  {
    std::lock_guard lock(impl_->mutex);
    rest.swap(impl_->connections);
  }
  for (auto& connection : rest) {
    if (!connection->thread.joinable()) continue;
    if (connection->thread.get_id() == std::this_thread::get_id())
      connection->thread.detach();
    else
      connection->thread.join();
  }
}

std::uint16_t WebSocketServer::port() const noexcept { return impl_->port; }

bool WebSocketServer::peer_connected(ConnectionId connection) const noexcept {
  std::shared_ptr<Connection> found;  // kept alive while we look
  {
    std::lock_guard lock(impl_->mutex);
    for (const auto& c : impl_->connections) {
      if (c->id == connection && !c->finished) found = c;
    }
  }
  return found && !impl_->stopping && found->peer_connected();
}

void WebSocketServer::start() {
  std::lock_guard lock(impl_->mutex);
  if (impl_->accept_thread.joinable() || impl_->stopping) return;
  impl_->accept_next();
  impl_->started = true;
  impl_->accept_thread = std::thread([impl = impl_.get()] { impl->accept_ioc.run(); });
}

void WebSocketServer::wait() {
  std::unique_lock lock(impl_->mutex);
  impl_->stopped_cv.wait(lock, [this] { return impl_->stopped; });
}

void WebSocketServer::stop() noexcept {
  Impl& s = *impl_;
  s.stopping = true;
  s.accept_ioc.stop();

  // Claim the threads to join under the lock and join them outside it, so that a handler
  // calling stop() cannot deadlock with another stop(). The thread stop() runs on (a
  // handler's) is left for the destructor.
  std::thread accept_thread;
  bool close_listener_now = false;
  std::vector<std::shared_ptr<Connection>> to_join;
  {
    std::lock_guard lock(s.mutex);
    accept_thread.swap(s.accept_thread);
    close_listener_now = !s.started && !s.listener_closed;
    if (close_listener_now) s.listener_closed = true;
    for (auto& connection : s.connections) {
      connection->shut_down();
      if (connection->thread.joinable() &&
          connection->thread.get_id() != std::this_thread::get_id())
        to_join.push_back(connection);
    }
  }
  if (accept_thread.joinable()) {
    accept_thread.join();
    close_listener_now = true;  // nobody else touches the acceptor any more
  }
  if (close_listener_now) {
    error_code ignored;
    s.acceptor->close(ignored);
  }
  for (auto& connection : to_join) {
    std::thread thread;
    {
      std::lock_guard lock(s.mutex);
      thread.swap(connection->thread);
    }
    if (thread.joinable()) thread.join();
  }
  {
    std::lock_guard lock(s.mutex);
    s.stopped = true;
  }
  s.stopped_cv.notify_all();
}

}  // namespace sc2::net
