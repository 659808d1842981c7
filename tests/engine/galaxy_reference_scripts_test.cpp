// All 30 reference map scripts (PySC2's 7 mini-games, SMAC's 23 maps, read from
// ../shared/clients) parse and check without errors, and together call exactly the
// library's 117 functions. The engine has no archive reader yet (issue 34 adds one with
// StormLib): until then this test unpacks each .SC2Map with Debian's `smpq -x` into a temp
// folder, and skips with a message when smpq is not installed.
#include <doctest/doctest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "engine/galaxy/library.h"
#include "tests/engine/galaxy_test_util.h"
#include "tests/shared_dir.h"

namespace fs = std::filesystem;
using namespace sc2::galaxy;

namespace {

bool have_smpq() {
  if (std::system("command -v smpq >/dev/null 2>&1") == 0) return true;
  MESSAGE("skipped: smpq is not installed (apt-get install smpq), so the .SC2Map archives cannot be unpacked");
  return false;
}

std::vector<fs::path> maps_in(const fs::path& folder) {
  std::vector<fs::path> maps;
  for (const auto& entry : fs::directory_iterator(folder)) {
    if (entry.path().extension() == ".SC2Map") maps.push_back(entry.path());
  }
  std::sort(maps.begin(), maps.end());
  return maps;
}

// MapScript.galaxy of one archive, unpacked with smpq into a fresh temp folder.
std::string map_script(const fs::path& archive) {
  static int counter = 0;
  const fs::path folder = fs::temp_directory_path() /
                          ("sc2_galaxy_maps_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
  fs::remove_all(folder);
  fs::create_directories(folder);
  const std::string command = "cd '" + folder.string() + "' && smpq -x '" + fs::absolute(archive).string() +
                              "' >/dev/null 2>&1";
  const int status = std::system(command.c_str());
  std::ifstream in(folder / "MapScript.galaxy", std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  fs::remove_all(folder);
  INFO("smpq status " << status << " for " << archive.string());
  REQUIRE(in.good());
  return text.str();
}

void collect_library_calls(const Expr& expr, std::set<std::int32_t>& out);

void collect_library_calls(const Stmt& stmt, std::set<std::int32_t>& out) {
  switch (stmt.kind) {
    case StmtKind::Block:
      for (const StmtPtr& s : stmt.as<BlockStmt>().statements) collect_library_calls(*s, out);
      return;
    case StmtKind::LocalVariable:
      if (const ExprPtr& init = stmt.as<LocalVariableStmt>().decl.initializer) collect_library_calls(*init, out);
      return;
    case StmtKind::If: {
      const auto& s = stmt.as<IfStmt>();
      collect_library_calls(*s.condition, out);
      collect_library_calls(*s.then_branch, out);
      if (s.else_branch) collect_library_calls(*s.else_branch, out);
      return;
    }
    case StmtKind::While:
      collect_library_calls(*stmt.as<WhileStmt>().condition, out);
      collect_library_calls(*stmt.as<WhileStmt>().body, out);
      return;
    case StmtKind::DoWhile:
      collect_library_calls(*stmt.as<DoWhileStmt>().condition, out);
      collect_library_calls(*stmt.as<DoWhileStmt>().body, out);
      return;
    case StmtKind::For: {
      const auto& s = stmt.as<ForStmt>();
      if (s.init) collect_library_calls(*s.init, out);
      if (s.condition) collect_library_calls(*s.condition, out);
      if (s.step) collect_library_calls(*s.step, out);
      collect_library_calls(*s.body, out);
      return;
    }
    case StmtKind::Return:
      if (const ExprPtr& value = stmt.as<ReturnStmt>().value) collect_library_calls(*value, out);
      return;
    case StmtKind::Expression:
      collect_library_calls(*stmt.as<ExpressionStmt>().expression, out);
      return;
    case StmtKind::Assign:
      collect_library_calls(*stmt.as<AssignStmt>().target, out);
      collect_library_calls(*stmt.as<AssignStmt>().value, out);
      return;
    case StmtKind::Break:
    case StmtKind::Continue:
      return;
  }
}

void collect_library_calls(const Expr& expr, std::set<std::int32_t>& out) {
  switch (expr.kind) {
    case ExprKind::Call: {
      const auto& call = expr.as<CallExpr>();
      if (call.callee_kind == CalleeKind::Library) out.insert(call.function);
      for (const ExprPtr& argument : call.arguments) collect_library_calls(*argument, out);
      return;
    }
    case ExprKind::Index:
      collect_library_calls(*expr.as<IndexExpr>().array, out);
      collect_library_calls(*expr.as<IndexExpr>().index, out);
      return;
    case ExprKind::Unary: collect_library_calls(*expr.as<UnaryExpr>().operand, out); return;
    case ExprKind::Binary:
      collect_library_calls(*expr.as<BinaryExpr>().left, out);
      collect_library_calls(*expr.as<BinaryExpr>().right, out);
      return;
    case ExprKind::Convert: collect_library_calls(*expr.as<ConvertExpr>().operand, out); return;
    default: return;
  }
}

// Compiles every map of `folder` (expecting `count`), adding the library functions they call.
void check_maps(const std::string& relative_folder, std::size_t count, std::set<std::int32_t>& library_calls) {
  const std::vector<fs::path> maps = maps_in(sc2::test::shared_dir() / relative_folder);
  CHECK(maps.size() == count);
  for (const fs::path& archive : maps) {
    CAPTURE(archive.filename().string());
    const std::string script = map_script(archive);
    const CompileResult result = compile("MapScript.galaxy", script);
    INFO(result.error_text());
    CHECK(result.ok());
    if (!result.ok()) continue;
    const Program& program = *result.program;
    CHECK(program.find_function("InitMap") >= 0);  // the engine's entry point (spec §2.1)
    for (const Function& function : program.functions) collect_library_calls(*function.body, library_calls);
  }
}

}  // namespace

TEST_CASE("galaxy reference scripts: PySC2's 7 mini-games and SMAC's 23 maps compile without errors") {
  const std::string pysc2 = "clients/pysc2/pysc2/maps/mini_games";
  const std::string smac = "clients/smac/smac/env/starcraft2/maps/SMAC_Maps";
  if (!sc2::test::have_shared(pysc2) || !sc2::test::have_shared(smac) || !have_smpq()) return;
  std::set<std::int32_t> library_calls;
  check_maps(pysc2, 7, library_calls);
  check_maps(smac, 23, library_calls);
  // Spec §2.4: the 30 scripts call 117 distinct external functions; the library is exactly those.
  CHECK(library_calls.size() == 117);
  CHECK(Library::builtin().functions().size() == 117);
}
