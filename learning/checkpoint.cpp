// Checkpoint files: one torch archive with three entries, "metadata" (the JSON of
// checkpoint_info.h as a string), "network" (the module's parameters by name) and, when a
// trainer saves one, "optimizer".
#include "learning/checkpoint.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <map>
#include <vector>

#include "agents/atomic_file.h"
#include "learning/networks.h"

namespace sc2::learning {

namespace {

// c10 errors carry a backtrace and several lines; the first line says what went wrong.
std::string first_line(const c10::Error& error) {
  std::string text = error.what_without_backtrace();
  const auto end = text.find('\n');
  return end == std::string::npos ? text : text.substr(0, end);
}

// Opens the archive, or says why it is not a checkpoint.
torch::serialize::InputArchive open_archive(const std::filesystem::path& file) {
  std::error_code error;
  if (!std::filesystem::exists(file, error)) throw CheckpointError("no checkpoint at " + file.string());
  if (!std::filesystem::is_regular_file(file, error)) {
    throw CheckpointError(file.string() + " is not a checkpoint file (not a regular file)");
  }
  torch::serialize::InputArchive archive;
  try {
    archive.load_from(file.string());
  } catch (const c10::Error& failure) {
    throw CheckpointError(file.string() + " is not a readable checkpoint (damaged, truncated or another format): " +
                          first_line(failure));
  }
  return archive;
}

CheckpointInfo read_info(torch::serialize::InputArchive& archive, const std::filesystem::path& file) {
  c10::IValue metadata;
  bool found = false;
  try {
    found = archive.try_read("metadata", metadata);
  } catch (const c10::Error&) {
  }
  if (!found || !metadata.isString()) {
    throw CheckpointError(file.string() + " is not an SC2 Studio checkpoint (it has no metadata)");
  }
  try {
    return checkpoint_info_from_json(nlohmann::json::parse(metadata.toStringRef()));
  } catch (const nlohmann::json::exception& error) {
    throw CheckpointError(file.string() + ": its metadata is damaged (" + error.what() + ")");
  } catch (const CheckpointError& error) {
    throw CheckpointError(file.string() + ": " + error.what());
  }
}

// Module::load takes each parameter by name but not its shape, so the shapes are compared
// with those of the network the spec builds.
void load_weights(torch::serialize::InputArchive& archive, PolicyNetworkImpl& network, const std::filesystem::path& file) {
  std::map<std::string, std::vector<std::int64_t>> expected;
  for (const auto& parameter : network.named_parameters()) expected[parameter.key()] = parameter.value().sizes().vec();
  try {
    torch::serialize::InputArchive weights;
    if (!archive.try_read("network", weights)) throw CheckpointError(file.string() + " has no network weights");
    network.load(weights);
  } catch (const c10::Error& failure) {
    throw CheckpointError(file.string() + ": its weights do not fit its network spec (" + first_line(failure) + ")");
  }
  for (const auto& parameter : network.named_parameters()) {
    if (parameter.value().sizes().vec() != expected[parameter.key()]) {
      throw CheckpointError(file.string() + ": its weights do not fit its network spec (" + parameter.key() +
                            " has shape " + c10::str(parameter.value().sizes()) + ")");
    }
  }
}

bool load_optimizer(torch::serialize::InputArchive& archive, torch::optim::Optimizer& optimizer,
                    const std::filesystem::path& file) {
  torch::serialize::InputArchive state;
  try {
    if (!archive.try_read("optimizer", state)) return false;
    optimizer.load(state);
  } catch (const c10::Error& failure) {
    throw CheckpointError(file.string() + ": its optimiser state does not fit (" + first_line(failure) + ")");
  }
  return true;
}

}  // namespace

void save_checkpoint(const std::filesystem::path& file, PolicyNetworkImpl& network, const CheckpointInfo& info,
                     torch::optim::Optimizer* optimizer) {
  CheckpointInfo stored = info;
  stored.spec = network.spec();
  if (stored.created.empty()) stored.created = utc_timestamp_now();

  torch::serialize::OutputArchive archive;
  archive.write("metadata", c10::IValue(to_json(stored).dump()));
  torch::serialize::OutputArchive weights;
  network.save(weights);
  archive.write("network", weights);
  if (optimizer != nullptr) {
    torch::serialize::OutputArchive state;
    optimizer->save(state);
    archive.write("optimizer", state);
  }

  // Streamed to "<file>.partial", flushed to disk, then renamed over the final name.
  const std::filesystem::path partial = agents::partial_name(file);
  const int fd = ::open(partial.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) throw CheckpointError("cannot write " + file.string() + ": " + std::strerror(errno));
  int write_error = 0;
  auto fail = [&](const std::string& reason) {
    ::close(fd);
    ::unlink(partial.c_str());
    throw CheckpointError("cannot write " + file.string() + ": " + reason);
  };
  try {
    archive.save_to([&](const void* data, std::size_t size) -> std::size_t {
      std::size_t written = 0;
      while (written < size) {
        const ssize_t n = ::write(fd, static_cast<const char*>(data) + written, size - written);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
          write_error = n < 0 ? errno : ENOSPC;
          break;
        }
        written += static_cast<std::size_t>(n);
      }
      return written;
    });
  } catch (const c10::Error& failure) {
    fail(write_error != 0 ? std::strerror(write_error) : first_line(failure));
  }
  if (write_error != 0) fail(std::strerror(write_error));
  if (::fsync(fd) != 0) fail(std::string("flushing to disk: ") + std::strerror(errno));
  if (::close(fd) != 0) {
    ::unlink(partial.c_str());
    throw CheckpointError("cannot write " + file.string() + ": " + std::strerror(errno));
  }
  if (::rename(partial.c_str(), file.c_str()) != 0) {
    const int error = errno;
    ::unlink(partial.c_str());
    throw CheckpointError("cannot write " + file.string() + ": renaming into place: " + std::strerror(error));
  }
}

LoadedCheckpoint load_checkpoint(const std::filesystem::path& file, torch::optim::Optimizer* optimizer) {
  auto archive = open_archive(file);
  LoadedCheckpoint loaded;
  loaded.info = read_info(archive, file);
  loaded.network = make_network(loaded.info.spec);
  load_weights(archive, *loaded.network, file);
  if (optimizer != nullptr) loaded.optimizer_loaded = load_optimizer(archive, *optimizer, file);
  return loaded;
}

CheckpointInfo read_checkpoint_info(const std::filesystem::path& file) {
  auto archive = open_archive(file);
  return read_info(archive, file);
}

bool load_optimizer_state(const std::filesystem::path& file, torch::optim::Optimizer& optimizer) {
  auto archive = open_archive(file);
  read_info(archive, file);
  return load_optimizer(archive, optimizer, file);
}

}  // namespace sc2::learning
