// Linked into the programs that offer `--agent learned` (sc2agent, sc2studio) and only into
// them: registers the learned agent with agents/ before main() runs, so that agents/ and the
// app's libraries stay torch-free and their main files name nothing of learning/.
#include "agents/agent.h"
#include "learning/learned_agent.h"

namespace {

const bool registered = [] {
  sc2::agents::register_agent("learned", sc2::learning::make_learned_agent);
  return true;
}();

}  // namespace
