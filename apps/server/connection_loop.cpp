#include "connection_loop.hpp"

#include <fmt/format.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string_view>

#include "api_error.hpp"

namespace catmouse::server {

namespace {

using std::chrono::milliseconds;

// Files the process keeps for other uses than connections (the page, the examples, stdio).
constexpr std::size_t kOtherFiles = 64;
// Connections answered 503 beyond kMaxConnections, each for the moment it takes to send it;
// beyond those a new connection is closed at once.
constexpr std::size_t kRefusing = 64;
// The longest the loop sleeps: it looks at the clock at least this often.
constexpr milliseconds kLongestWait{1000};
// After the process ran out of files: the wait before accepting again.
constexpr milliseconds kAcceptPause{100};

std::size_t connections_allowed() {
  rlimit files{};
  if (::getrlimit(RLIMIT_NOFILE, &files) != 0 || files.rlim_cur == RLIM_INFINITY) {
    return kMaxConnections;
  }
  const std::size_t allowed =
      files.rlim_cur > 2 * kOtherFiles + kRefusing
          ? static_cast<std::size_t>(files.rlim_cur) - kOtherFiles - kRefusing
          : kOtherFiles;
  return std::min(kMaxConnections, allowed);
}

const char* reason(int status) {
  switch (status) {
    case 400:
      return "Bad Request";
    case 413:
      return "Payload Too Large";
    case 414:
      return "URI Too Long";
    case 431:
      return "Request Header Fields Too Large";
    default:
      return "Service Unavailable";
  }
}

// A refusal as the whole HTTP answer, after which the connection closes.
std::string refusal_answer(int status, const std::string& message, const std::string& where) {
  const std::string body = error_json(message, where);
  return fmt::format(
      "HTTP/1.1 {} {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n"
      "Cache-Control: no-store\r\n{}Connection: close\r\n\r\n{}",
      status, reason(status), body.size(), status == 503 ? "Retry-After: 1\r\n" : "", body);
}

bool would_block() {
  return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR;
}

}  // namespace

ConnectionLoop::ConnectionLoop(std::size_t max_body, Dispatch dispatch)
    : max_body_(max_body),
      dispatch_(std::move(dispatch)),
      max_connections_(connections_allowed()),
      wake_(::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)) {}

ConnectionLoop::~ConnectionLoop() {
  if (listener_ >= 0) ::close(listener_);
  if (wake_ >= 0) ::close(wake_);
}

void ConnectionLoop::wake() {
  const std::uint64_t one = 1;
  [[maybe_unused]] const ssize_t n = ::write(wake_, &one, sizeof one);
}

void ConnectionLoop::stop() {
  stop_requested_ = true;
  wake();
}

void ConnectionLoop::give_back(std::shared_ptr<Connection> connection) {
  {
    const std::lock_guard lock(mutex_);
    returned_.push_back(std::move(connection));
    --answering_;
  }
  wake();
}

void ConnectionLoop::release(Connection& c) {
  body_bytes_ -= c.reserved;
  c.reserved = 0;
}

Clock::time_point ConnectionLoop::deadline(const Connection& c) const {
  switch (c.state) {
    case Connection::State::kReading:
      if (c.in.empty()) return c.started + kIdleTimeout;
      return std::min(
          c.progress + kReadTimeout,
          c.started + kRequestGrace + milliseconds(c.in.size() * 1000 / kMinBytesPerSecond));
    case Connection::State::kWriting:
      return c.progress + kWriteTimeout;
    case Connection::State::kLingering:
      return c.started + kLingerTime;
    default:
      return Clock::time_point::max();
  }
}

void ConnectionLoop::refuse(Connection& c, int status, const std::string& message,
                            const std::string& where) {
  release(c);
  c.out = refusal_answer(status, message, where);
  c.sent = 0;
  c.close_after = true;
  c.state = Connection::State::kWriting;
  c.progress = Clock::now();
}

void ConnectionLoop::linger(Connection& c, Clock::time_point now) {
  ::shutdown(c.fd, SHUT_WR);
  if (c.peer_closed) {
    c.close();
    return;
  }
  c.state = Connection::State::kLingering;
  c.started = now;
}

void ConnectionLoop::end_of_input(Connection& c) {
  if (c.in.empty()) {
    release(c);
    c.close();
  } else if (c.frame.in_body()) {
    const FrameRefusal cut = c.frame.truncated(false);
    refuse(c, cut.status, cut.message, cut.where);
  } else {
    refuse(c, 400, "the request ended before its headers did", "");
  }
}

void ConnectionLoop::scan(const std::shared_ptr<Connection>& c) {
  switch (c->frame.scan(c->in)) {
    case RequestFrame::Scan::kRefused: {
      const FrameRefusal& refusal = c->frame.refusal();
      refuse(*c, refusal.status, refusal.message, refusal.where);
      return;
    }
    case RequestFrame::Scan::kComplete:
      release(*c);
      c->state = Connection::State::kAnswering;
      {
        const std::lock_guard lock(mutex_);
        ++answering_;
      }
      try {
        dispatch_(c);
      } catch (const std::exception&) {  // no memory to queue it: the client may try again
        {
          const std::lock_guard lock(mutex_);
          --answering_;
        }
        c->close();
      }
      return;
    case RequestFrame::Scan::kIncomplete:
      break;
  }
  if (c->frame.in_body() && c->reserved == 0) {
    // The body's room, taken once as the head ends: its announced length, or for a chunked
    // body the most a body may be.
    const std::uint64_t bytes = c->frame.has_length() ? c->frame.length() : max_body_;
    if (body_bytes_ + bytes > std::max<std::uint64_t>(kBodyBudget, max_body_)) {
      refuse(*c, 503, "the server is busy reading other requests; try again in a moment", "");
      return;
    }
    body_bytes_ += bytes;
    c->reserved = bytes;
    if (c->frame.expects_continue() && !c->continued) {
      c->continued = true;
      static constexpr std::string_view kContinue = "HTTP/1.1 100 Continue\r\n\r\n";
      const ssize_t n =
          ::send(c->fd, kContinue.data(), kContinue.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
      // Not taken at all: the client sends the body after its own wait. Taken in part: the
      // stream is broken.
      if (n > 0 && static_cast<std::size_t>(n) < kContinue.size()) {
        release(*c);
        c->close();
        return;
      }
    }
  }
  if (c->peer_closed) end_of_input(*c);
}

void ConnectionLoop::read_from(const std::shared_ptr<Connection>& c, Clock::time_point now) {
  char buffer[64 << 10];
  ssize_t n = ::recv(c->fd, buffer, sizeof buffer, 0);
  if (n < 0) {
    if (!would_block()) {
      release(*c);
      c->close();
    }
    return;
  }
  if (c->state == Connection::State::kLingering) {
    if (n == 0) c->close();
    return;  // what a closing connection still receives is dropped
  }
  if (n == 0) {
    c->peer_closed = true;
    end_of_input(*c);
    return;
  }
  if (c->in.empty()) c->started = now;
  c->in.append(buffer, static_cast<std::size_t>(n));
  c->progress = now;
  scan(c);
}

void ConnectionLoop::write_to(const std::shared_ptr<Connection>& c, Clock::time_point now) {
  const ssize_t n =
      ::send(c->fd, c->out.data() + c->sent, c->unsent(), MSG_NOSIGNAL | MSG_DONTWAIT);
  if (n < 0) {
    if (!would_block()) {
      release(*c);
      c->close();
    }
    return;
  }
  c->sent += static_cast<std::size_t>(n);
  c->progress = now;
  if (c->unsent() == 0) done_writing(c, now);
}

void ConnectionLoop::done_writing(const std::shared_ptr<Connection>& c, Clock::time_point now) {
  c->out.clear();
  c->sent = 0;
  c->hold.reset();
  if (c->close_after) {
    linger(*c, now);
    return;
  }
  c->state = Connection::State::kReading;
  c->started = now;
  c->progress = now;
  if (!c->in.empty()) {
    scan(c);  // the next request came with the last one
  } else if (c->peer_closed) {
    c->close();
  }
}

void ConnectionLoop::answered(const std::shared_ptr<Connection>& c, Clock::time_point now) {
  ++c->answered;
  c->in.erase(0, c->frame.size());
  c->frame = RequestFrame(max_body_);
  c->continued = false;
  if (stopped_ || c->answered >= kKeepAliveRequests) c->close_after = true;
  if (c->write_failed) {
    c->close();
    return;
  }
  connections_.push_back(c);
  if (c->unsent() > 0) {
    c->state = Connection::State::kWriting;
    c->progress = now;
    return;
  }
  done_writing(c, now);
}

void ConnectionLoop::expire(const std::shared_ptr<Connection>& c, Clock::time_point now) {
  if (now < deadline(*c)) return;
  if (c->state == Connection::State::kReading && c->frame.in_body()) {
    const FrameRefusal cut = c->frame.truncated(true);
    refuse(*c, cut.status, cut.message, cut.where);
    return;
  }
  // A head that does not arrive in time, an answer not taken, a connection idle or closing.
  release(*c);
  c->close();
}

void ConnectionLoop::admit(int socket, Clock::time_point now) {
  std::size_t held = 0;
  std::shared_ptr<Connection> idlest;
  for (const auto& c : connections_) {
    if (c->state == Connection::State::kClosed || c->state == Connection::State::kAnswering) {
      continue;
    }
    ++held;
    const bool idle = c->state == Connection::State::kReading && c->in.empty();
    if (idle && (!idlest || c->started < idlest->started)) idlest = c;
  }
  {
    const std::lock_guard lock(mutex_);
    held += answering_;
  }
  auto c = std::make_shared<Connection>(socket, max_body_);
  c->started = now;
  c->progress = now;
  if (held >= max_connections_) {
    if (idlest) {
      idlest->close();
    } else if (held >= max_connections_ + kRefusing) {
      return;  // c closes the socket
    } else {
      connections_.push_back(c);
      refuse(*c, 503, "the server has too many connections; try again in a moment", "");
      return;
    }
  }
  connections_.push_back(std::move(c));
}

void ConnectionLoop::accept_all(Clock::time_point now) {
  for (;;) {
    const int socket = ::accept4(listener_, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (socket < 0) {
      if (errno == EINTR || errno == ECONNABORTED) continue;
      // Out of files or memory: the waiting connections stay in the backlog for a moment.
      if (errno != EAGAIN && errno != EWOULDBLOCK) accept_after_ = now + kAcceptPause;
      return;
    }
    try {
      admit(socket, now);
    } catch (const std::bad_alloc&) {
      ::close(socket);
    }
  }
}

void ConnectionLoop::begin_stop() {
  stopped_ = true;
  if (listener_ >= 0) ::close(listener_);
  listener_ = -1;
  for (const auto& c : connections_) {
    if (c->state == Connection::State::kReading) {  // no request whole yet: none is answered
      release(*c);
      c->close();
    }
  }
}

void ConnectionLoop::take_back(Clock::time_point now) {
  std::vector<std::shared_ptr<Connection>> returned;
  {
    const std::lock_guard lock(mutex_);
    returned.swap(returned_);
  }
  // Those handed to a thread are the thread's, until they come back here.
  std::erase_if(connections_, [](const auto& c) {
    return c->state == Connection::State::kClosed || c->state == Connection::State::kAnswering;
  });
  if (stop_requested_ && !stopped_) begin_stop();
  for (const auto& c : returned) answered(c, now);
  std::erase_if(connections_, [](const auto& c) { return c->state == Connection::State::kClosed; });
}

bool ConnectionLoop::finished() {
  if (!stopped_ || !connections_.empty()) return false;
  const std::lock_guard lock(mutex_);
  return answering_ == 0 && returned_.empty();
}

Status ConnectionLoop::wait(Clock::time_point now, bool accepting) {
  fds_.clear();
  fds_.push_back({wake_, POLLIN, 0});
  if (accepting) fds_.push_back({listener_, POLLIN, 0});
  Clock::time_point next = now + kLongestWait;
  if (listener_ >= 0 && !accepting) next = std::min(next, accept_after_);
  for (const auto& c : connections_) {
    const short events = c->state == Connection::State::kWriting ? POLLOUT : POLLIN;
    fds_.push_back({c->fd, events, 0});
    next = std::min(next, deadline(*c));
  }
  const auto wait = std::chrono::duration_cast<milliseconds>(next - now) + milliseconds(1);
  const int ms = static_cast<int>(std::clamp(wait, milliseconds(0), kLongestWait).count());
  if (::poll(fds_.data(), fds_.size(), ms) < 0 && errno != EINTR) {
    Error error{fmt::format("the server cannot wait for its clients: {}", std::strerror(errno)),
                {}};
    error.where.field = ErrorField::kResources;
    error.kind = ErrorKind::kResources;
    return error;
  }
  if (fds_[0].revents != 0) {
    std::uint64_t count = 0;
    [[maybe_unused]] const ssize_t n = ::read(wake_, &count, sizeof count);
  }
  return {};
}

Status ConnectionLoop::run() {
  if (wake_ < 0) {
    Error error{
        fmt::format("could not create the server's wake-up event: {}", std::strerror(errno)), {}};
    error.where.field = ErrorField::kResources;
    error.kind = ErrorKind::kResources;
    return error;
  }
  for (;;) {
    Clock::time_point now = Clock::now();
    take_back(now);
    if (finished()) return {};
    const bool accepting = listener_ >= 0 && now >= accept_after_;
    const std::size_t polled = connections_.size();  // fds_ after the wake-up and the listener
    if (Status ok = wait(now, accepting); !ok) return ok;
    now = Clock::now();
    const std::size_t first = accepting ? 2 : 1;
    if (accepting && fds_[1].revents != 0) accept_all(now);
    for (std::size_t i = 0; i < polled; ++i) {
      const std::shared_ptr<Connection> c = connections_[i];
      if (fds_[first + i].revents == 0) continue;
      if (c->state == Connection::State::kWriting) {
        write_to(c, now);
      } else if (c->state == Connection::State::kReading ||
                 c->state == Connection::State::kLingering) {
        read_from(c, now);
      }
    }
    for (std::size_t i = 0; i < connections_.size(); ++i) {
      const std::shared_ptr<Connection> c = connections_[i];
      const auto state = c->state;
      if (state == Connection::State::kReading || state == Connection::State::kWriting ||
          state == Connection::State::kLingering) {
        expire(c, now);
      }
    }
  }
}

}  // namespace catmouse::server
