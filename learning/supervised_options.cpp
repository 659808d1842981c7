#include "learning/supervised_options.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <stdexcept>

#include "learning/demonstrations.h"

namespace sc2::learning {

bool wants_demonstrations(const std::vector<std::string>& args) {
  return std::any_of(args.begin(), args.end(), [](const std::string& arg) {
    return arg == "--demonstrations" || arg.rfind("--demonstrations=", 0) == 0;
  });
}

SupervisedCommandLine parse_supervised_command_line(const std::vector<std::string>& args) {
  SupervisedCommandLine result;
  SupervisedOptions& o = result.options;
  std::string architecture = std::string(architecture_name(o.architecture));
  std::string map;
  int screen = 0, minimap = 0;

  CLI::App app{"sc2train --demonstrations: trains the baseline networks to predict the recorded calls of a dataset\n"
               "(the SC2LE paper's section 5), reports top-1 / top-5 accuracy on held-out episodes and writes a\n"
               "checkpoint that `sc2agent --agent learned` plays and `sc2train --resume` fine-tunes.\n"
               "Recommended: sc2train --demonstrations DATASET --out DIR --minutes 5"};
  app.set_help_flag("-h,--help", "print this help and exit");
  app.add_option("--demonstrations", o.dataset, "dataset folder (sc2agent --record, sc2studio, --replay_to_dataset)")
      ->required();
  app.add_option("--out", o.out, "folder for accuracy.csv, checkpoint.pt and best.pt")->required();
  app.add_option("--arch", architecture, "atari | fullyconv | fullyconv_lstm")->capture_default_str();
  app.add_option("--map", map, "check: the dataset's map (the dataset decides)");
  app.add_option("--feature_screen_size", screen, "check: the dataset's screen size (the dataset decides)");
  app.add_option("--feature_minimap_size", minimap, "check: the dataset's minimap size (the dataset decides)");
  app.add_option("--holdout", o.holdout, "share of the episodes held out for the accuracies")->capture_default_str();
  app.add_option("--epochs", o.epochs, "stop after this many passes over the training rows");
  app.add_option("--minutes", o.max_minutes, "stop after this many minutes of wall time");
  app.add_option("--steps", o.max_updates, "stop after this many minibatch updates");
  app.add_option("--batch_size", o.batch_size, "rows per minibatch")->capture_default_str();
  app.add_option("--lr", o.learning_rate, "Adam's learning rate")->capture_default_str();
  app.add_option("--value_weight", o.value_weight, "weight of the value regression on the discounted return")
      ->capture_default_str();
  app.add_option("--discount", o.discount, "gamma of those returns")->capture_default_str();
  app.add_option("--max_grad_norm", o.max_gradient_norm, "clip the gradients' norm (0: off)")->capture_default_str();
  app.add_option("--pooled_size", o.pooled_size, "FullyConv: state pooled to this size before the dense layer")
      ->capture_default_str();
  app.add_option("--seed", o.seed, "seeds the network, the shuffling and the held-out episodes")
      ->capture_default_str();
  app.add_option("--torch_threads", o.torch_threads, "threads of the network's math")->capture_default_str();
  app.add_flag("--quiet", o.quiet, "no progress line");

  std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 takes them last first
  try {
    app.parse(reversed);
  } catch (const CLI::CallForHelp&) {
    result.help = true;
    result.help_text = app.help();
    return result;
  } catch (const CLI::ParseError& error) {
    throw std::invalid_argument(error.what());
  }
  o.architecture = parse_architecture(architecture);
  if (app.count("--map") > 0) o.map = map;
  if (app.count("--feature_screen_size") > 0) o.feature_screen_size = screen;
  if (app.count("--feature_minimap_size") > 0) o.feature_minimap_size = minimap;
  return result;
}

void validate(const SupervisedOptions& options) {
  auto fail = [](const std::string& message) { throw std::invalid_argument(message); };
  if (options.dataset.empty()) fail("--demonstrations DATASET is required");
  if (options.out.empty()) fail("--out DIR is required");
  if (options.epochs <= 0 && options.max_minutes <= 0 && options.max_updates <= 0) {
    fail("give --epochs N, --minutes M or --steps N (how long to train)");
  }
  if (options.epochs < 0) fail("--epochs must be positive");
  if (options.max_minutes < 0) fail("--minutes must be positive");
  if (options.max_updates < 0) fail("--steps must be positive");
  if (!(options.holdout > 0 && options.holdout < 1)) fail("--holdout must be between 0 and 1 (exclusive)");
  if (options.batch_size < 1) fail("--batch_size must be at least 1");
  if (!(options.learning_rate > 0)) fail("--lr must be positive");
  if (options.value_weight < 0) fail("--value_weight must not be negative");
  if (!(options.discount >= 0 && options.discount <= 1)) fail("--discount must be in [0, 1]");
  if (options.max_gradient_norm < 0) fail("--max_grad_norm must not be negative");
  if (options.pooled_size < 1) fail("--pooled_size must be at least 1");
  if (options.torch_threads < 1) fail("--torch_threads must be at least 1");
}

void check_fits_dataset(const SupervisedOptions& options, const agents::dataset::DatasetIndex& index) {
  const auto& info = index.info;
  const std::string where = "the dataset " + options.dataset.string();
  if (options.map && *options.map != info.map) {
    throw std::invalid_argument("--map " + *options.map + ": " + where + " was recorded on " + info.map +
                                " (the dataset decides the map; leave --map out)");
  }
  if (options.feature_screen_size && *options.feature_screen_size != info.feature_screen_size) {
    throw std::invalid_argument("--feature_screen_size " + std::to_string(*options.feature_screen_size) + ": " + where +
                                " was recorded at " + std::to_string(info.feature_screen_size) +
                                " (the dataset decides the resolution; leave the flag out or record again)");
  }
  if (options.feature_minimap_size && *options.feature_minimap_size != info.feature_minimap_size) {
    throw std::invalid_argument("--feature_minimap_size " + std::to_string(*options.feature_minimap_size) + ": " +
                                where + " was recorded at " + std::to_string(info.feature_minimap_size) +
                                " (the dataset decides the resolution; leave the flag out or record again)");
  }
  check_dataset_layers(index);
}

NetworkSpec supervised_network_spec(const SupervisedOptions& options, const agents::dataset::DatasetIndex& index) {
  NetworkSpec spec;
  spec.architecture = options.architecture;
  spec.screen_size = index.info.feature_screen_size;
  spec.minimap_size = index.info.feature_minimap_size;
  spec.pooled_size = std::min(options.pooled_size, spec.screen_size);
  try {
    validate(spec);
  } catch (const std::invalid_argument& error) {
    throw std::invalid_argument("the dataset " + options.dataset.string() + " (" +
                                std::to_string(spec.screen_size) + "x" + std::to_string(spec.screen_size) +
                                ", minimap " + std::to_string(spec.minimap_size) + ") does not fit --arch " +
                                std::string(architecture_name(spec.architecture)) + ": " + error.what());
  }
  return spec;
}

}  // namespace sc2::learning
