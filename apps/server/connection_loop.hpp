// The server's one thread that waits on clients: it accepts connections, reads each request whole
// (request_frame.hpp says where it ends) and only then hands it to a thread of the pool, which
// answers it and gives the connection back. It also sends what an answer's thread could not send
// at once, keeps idle connections until their next request, and closes connections that are too
// slow (connection.hpp's time rules). So a client that sends or reads a byte now and then holds a
// socket and a few kilobytes here, never one of the threads that answer requests.
//
// Bounds: at most kMaxConnections connections at once (fewer when the process may open fewer
// files); past that, an idle connection is closed to make room, else the new one is answered 503.
// Bodies being read take their announced length from kBodyBudget bytes (a chunked body the most
// a body may be); a body that does not fit now is answered 503.
#pragma once

#include <poll.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "catmouse/core/error.hpp"
#include "connection.hpp"

namespace catmouse::server {

inline constexpr std::size_t kMaxConnections = 1024;
inline constexpr std::uint64_t kBodyBudget = std::uint64_t{32} << 20;

class ConnectionLoop {
 public:
  // A request read whole: answer it (in another thread) and give the connection back.
  using Dispatch = std::function<void(std::shared_ptr<Connection>)>;

  ConnectionLoop(std::size_t max_body, Dispatch dispatch);
  ~ConnectionLoop();
  ConnectionLoop(const ConnectionLoop&) = delete;
  ConnectionLoop& operator=(const ConnectionLoop&) = delete;

  // The listening socket, which the loop owns from now on.
  void listen_on(int listener) { listener_ = listener; }
  // Serves until stop(); then it accepts and reads nothing more, and returns once the requests
  // being answered are sent (or their clients have stopped taking them).
  Status run();
  // Safe from any thread, before run() too.
  void stop();
  bool stopping() const { return stop_requested_; }
  // A connection whose request is answered (its answer written, or the rest of it in `out`);
  // from any thread.
  void give_back(std::shared_ptr<Connection> connection);

 private:
  void wake();
  void accept_all(Clock::time_point now);
  void admit(int socket, Clock::time_point now);
  void read_from(const std::shared_ptr<Connection>& c, Clock::time_point now);
  void write_to(const std::shared_ptr<Connection>& c, Clock::time_point now);
  // Looks for the end of the request being read: hands it on, answers its refusal, or waits.
  void scan(const std::shared_ptr<Connection>& c);
  // The client shut down its sending side while a request was read.
  void end_of_input(Connection& c);
  // Past its deadline: a body cut short is answered 400, anything else closed.
  void expire(const std::shared_ptr<Connection>& c, Clock::time_point now);
  // An answer of the loop's own (a refusal), after which the connection closes.
  void refuse(Connection& c, int status, const std::string& message, const std::string& where);
  // A connection given back by its thread.
  void answered(const std::shared_ptr<Connection>& c, Clock::time_point now);
  // The answer is sent: the next request, or closing.
  void done_writing(const std::shared_ptr<Connection>& c, Clock::time_point now);
  void linger(Connection& c, Clock::time_point now);
  // The body's room the connection's request holds, given back.
  void release(Connection& c);
  void begin_stop();
  // The connections their threads gave back taken in, the closed ones dropped.
  void take_back(Clock::time_point now);
  // Stopped, and no connection left to send to.
  bool finished();
  // Waits for the next event or deadline (poll), over the wake-up event, the listener when
  // `accepting`, and connections_ in order: fds_.
  Status wait(Clock::time_point now, bool accepting);
  Clock::time_point deadline(const Connection& c) const;

  const std::size_t max_body_;
  const Dispatch dispatch_;
  const std::size_t max_connections_;
  int listener_ = -1;
  int wake_ = -1;
  std::atomic<bool> stop_requested_{false};
  bool stopped_ = false;
  Clock::time_point accept_after_{};  // no accepting before: the process ran out of files
  std::vector<std::shared_ptr<Connection>> connections_;  // those the loop has
  std::vector<pollfd> fds_;
  std::uint64_t body_bytes_ = 0;  // of kBodyBudget, taken

  std::mutex mutex_;
  std::vector<std::shared_ptr<Connection>> returned_;  // given back, not yet taken
  std::size_t answering_ = 0;                          // connections with a thread
};

}  // namespace catmouse::server
