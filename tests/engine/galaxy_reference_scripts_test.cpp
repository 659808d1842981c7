// All 30 reference map scripts (PySC2's 7 mini-games, SMAC's 23 maps, read from
// ../shared/clients; galaxy_reference_maps.h) parse and check without errors, and together call
// exactly the library's 117 functions.
#include <doctest/doctest.h>

#include <set>
#include <string>
#include <vector>

#include "engine/galaxy/library.h"
#include "tests/engine/galaxy_reference_maps.h"

namespace fs = std::filesystem;
using namespace sc2::galaxy;
using namespace sc2::galaxy::test;

namespace {

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
void check_maps(const char* relative_folder, std::size_t count, std::set<std::int32_t>& library_calls) {
  const std::vector<fs::path> maps = reference_maps(relative_folder);
  CHECK(maps.size() == count);
  for (const fs::path& archive : maps) {
    CAPTURE(archive.filename().string());
    const CompileResult result = compile("MapScript.galaxy", reference_script(archive));
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
  if (!have_reference_maps()) return;
  std::set<std::int32_t> library_calls;
  check_maps(kMiniGames, 7, library_calls);
  check_maps(kSmacMaps, 23, library_calls);
  // Spec §2.4: the 30 scripts call 117 distinct external functions; the library is exactly those
  // and the 5 of our melee maps (GameOver, MeleeInit*) and SMACv2's UnitOrderCount, which none
  // of them calls.
  CHECK(library_calls.size() == 117);
  CHECK(Library::builtin().functions().size() == 117 + 5 + 1);
}
