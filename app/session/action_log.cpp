#include "app/session/action_log.h"

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

void apply_log_changes(std::vector<ActionRecord>& log, ActionLogChanges changes) {
  if (changes.full) {
    log = std::move(changes.records);
    return;
  }
  const auto kept = std::find_if(log.begin(), log.end(),
                                 [&](const ActionRecord& record) { return record.sequence >= changes.first_sequence; });
  log.erase(log.begin(), kept);
  for (ActionRecord& record : changes.records) {
    if (log.empty() || record.sequence > log.back().sequence) {
      log.push_back(std::move(record));
      continue;
    }
    // A result set on a record the copy has: sequences are consecutive, so usually at this offset.
    const std::uint64_t offset = record.sequence - log.front().sequence;
    if (record.sequence >= log.front().sequence && offset < log.size() && log[offset].sequence == record.sequence) {
      log[offset] = std::move(record);
      continue;
    }
    const auto at = std::lower_bound(log.begin(), log.end(), record.sequence,
                                     [](const ActionRecord& kept_record, std::uint64_t sequence) { return kept_record.sequence < sequence; });
    if (at != log.end() && at->sequence == record.sequence) {
      *at = std::move(record);
    } else {
      log.insert(at, std::move(record));
    }
  }
}

std::uint64_t ActionLog::add(ActionRecord record) {
  std::lock_guard lock(mutex_);
  record.sequence = next_sequence_++;
  records_.push_back(std::move(record));
  changed_.push_back(++version_);
  if (records_.size() > kMaxLog) {
    records_.pop_front();
    changed_.pop_front();
  }
  return records_.back().sequence;
}

void ActionLog::set_result(const std::vector<std::uint64_t>& sequences, const std::string& result, bool failed) {
  if (sequences.empty()) return;
  std::lock_guard lock(mutex_);
  ++version_;
  for (std::size_t i = 0; i < records_.size(); ++i) {
    ActionRecord& record = records_[i];
    if (std::find(sequences.begin(), sequences.end(), record.sequence) == sequences.end()) continue;
    record.result = result;
    record.failed = failed;
    changed_[i] = version_;
  }
}

std::vector<ActionRecord> ActionLog::records() const {
  std::lock_guard lock(mutex_);
  return {records_.begin(), records_.end()};
}

ActionLogChanges ActionLog::changes_since(std::uint64_t version) const {
  std::lock_guard lock(mutex_);
  ActionLogChanges changes;
  changes.full = version == 0 || version > version_;
  changes.version = version_;
  changes.first_sequence = records_.empty() ? next_sequence_ : records_.front().sequence;
  for (std::size_t i = 0; i < records_.size(); ++i) {
    if (changes.full || changed_[i] > version) changes.records.push_back(records_[i]);
  }
  return changes;
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
