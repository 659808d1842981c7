#include "app/action_log.h"

#include <algorithm>

#include "client/pysc2/result_names.h"

namespace sc2::app {

StepResult step_result(const std::vector<int>& action_results) {
  StepResult result;
  for (int value : action_results) {
    if (value == pysc2::kActionSuccess) continue;
    result.text = (result.failed ? result.text + ", " : std::string()) + pysc2::action_result_name(value);
    result.failed = true;
  }
  return result;
}

std::uint64_t ActionLog::add(ActionRecord record) {
  std::lock_guard lock(mutex_);
  record.sequence = next_sequence_++;
  records_.push_back(std::move(record));
  if (records_.size() > kMaxLog) records_.pop_front();
  ++version_;
  return records_.back().sequence;
}

void ActionLog::set_result(const std::vector<std::uint64_t>& sequences, const std::string& result, bool failed) {
  if (sequences.empty()) return;
  std::lock_guard lock(mutex_);
  for (ActionRecord& record : records_) {
    if (std::find(sequences.begin(), sequences.end(), record.sequence) == sequences.end()) continue;
    record.result = result;
    record.failed = failed;
  }
  ++version_;
}

std::vector<ActionRecord> ActionLog::records() const {
  std::lock_guard lock(mutex_);
  return {records_.begin(), records_.end()};
}

std::uint64_t ActionLog::version() const {
  std::lock_guard lock(mutex_);
  return version_;
}

void ActionLog::notice(std::string text) {
  std::lock_guard lock(mutex_);
  notices_.push_back(std::move(text));
  if (notices_.size() > kMaxNotices) notices_.erase(notices_.begin());
}

std::vector<std::string> ActionLog::take_notices() {
  std::lock_guard lock(mutex_);
  std::vector<std::string> taken;
  taken.swap(notices_);
  return taken;
}

}  // namespace sc2::app
