// sc2studio: play the PySC2 mini-games through feature layers and PySC2 actions.
#include <chrono>
#include <cstdio>

#include "app/program/cli_options.h"
#include "app/ui/studio_app.h"
#include "client/wait_spin.h"

int main(int argc, char** argv) {
  const sc2::app::ParsedCommandLine parsed = sc2::app::parse_command_line(argc, argv);
  if (!parsed.options) {
    std::fputs(parsed.message.c_str(), parsed.exit_code == 0 ? stdout : stderr);
    std::fputc('\n', parsed.exit_code == 0 ? stdout : stderr);
    return parsed.exit_code;
  }
  // Before any connection is made: the embedded game and every client follow it.
  sc2::set_wait_spin(std::chrono::microseconds(parsed.options->wait_spin_us));
  return sc2::app::ui::run_studio(*parsed.options);
}
