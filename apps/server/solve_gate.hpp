// At most `running` solves at once, and at most `waiting` more waiting for a turn: a request
// beyond those is told to come back later (503) instead of piling up threads and memory.
#pragma once

#include <condition_variable>
#include <mutex>
#include <optional>
#include <utility>

namespace catmouse::server {

class SolveGate {
 public:
  SolveGate(unsigned running, unsigned waiting) : max_running_(running), max_waiting_(waiting) {}
  SolveGate(const SolveGate&) = delete;
  SolveGate& operator=(const SolveGate&) = delete;

  // A turn to solve, held until destroyed.
  class Ticket {
   public:
    Ticket(Ticket&& other) noexcept : gate_(std::exchange(other.gate_, nullptr)) {}
    Ticket& operator=(Ticket&&) = delete;
    ~Ticket() {
      if (gate_) gate_->leave();
    }

   private:
    friend class SolveGate;
    explicit Ticket(SolveGate* gate) : gate_(gate) {}
    SolveGate* gate_ = nullptr;
  };

  // A turn now, or after waiting in the queue; none when the queue is full too, or once the
  // gate is closed.
  std::optional<Ticket> enter() {
    std::unique_lock lock(mutex_);
    if (closed_) return std::nullopt;
    if (running_ >= max_running_) {
      if (waiting_ >= max_waiting_) return std::nullopt;
      ++waiting_;
      turn_.wait(lock, [this] { return closed_ || running_ < max_running_; });
      --waiting_;
      if (closed_) return std::nullopt;
    }
    ++running_;
    return Ticket(this);
  }

  // No more turns: the solves waiting are sent away (the server is stopping).
  void close() {
    {
      std::lock_guard lock(mutex_);
      closed_ = true;
    }
    turn_.notify_all();
  }

  // Solves waiting for a turn now.
  unsigned waiting() {
    std::lock_guard lock(mutex_);
    return waiting_;
  }

 private:
  void leave() {
    {
      std::lock_guard lock(mutex_);
      --running_;
    }
    turn_.notify_one();
  }

  const unsigned max_running_;
  const unsigned max_waiting_;
  std::mutex mutex_;
  std::condition_variable turn_;
  unsigned running_ = 0;
  unsigned waiting_ = 0;
  bool closed_ = false;
};

}  // namespace catmouse::server
