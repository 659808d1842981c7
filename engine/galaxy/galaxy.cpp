// The compile driver: parse the script, expand its includes in place (each file once), check.
#include "engine/galaxy/galaxy.h"

#include <set>

#include "engine/galaxy/checker.h"
#include "engine/galaxy/library.h"
#include "engine/galaxy/parser.h"

namespace sc2::galaxy {

namespace {

class IncludeExpander {
 public:
  IncludeExpander(const CompileOptions& options, SourceFiles& files, Diagnostics& diagnostics)
      : options_(options), files_(files), diagnostics_(diagnostics) {}

  // Appends `syntax`'s declarations to `out`, an included file's where its include stood.
  void expand(FileSyntax& syntax, std::vector<TopLevelDecl>& out) {
    for (TopLevelDecl& decl : syntax.declarations) {
      if (stopped_) return;
      auto* include = std::get_if<IncludeDecl>(&decl);
      if (!include || is_builtin_include(include->path)) {
        out.push_back(std::move(decl));
        continue;
      }
      if (!included_.insert(include->path).second) continue;  // Galaxy includes a file once
      if (included_.size() > options_.limits.max_included_files) {
        diagnostics_.error(include->pos, "more than " + std::to_string(options_.limits.max_included_files) +
                                             " included files");
        stopped_ = true;
        return;
      }
      std::optional<std::string> text;
      if (options_.include_loader) text = options_.include_loader(include->path);
      if (!text) {
        diagnostics_.error(include->pos, "cannot include '" + include->path +
                                             "': it is not a built-in TriggerLibs file and the map has no such file");
        continue;
      }
      const std::uint32_t file = files_.add(include->path);
      FileSyntax included = parse_file(*text, file, options_.limits, diagnostics_);
      expand(included, out);  // depth is bounded by max_included_files
    }
  }

 private:
  const CompileOptions& options_;
  SourceFiles& files_;
  Diagnostics& diagnostics_;
  std::set<std::string, std::less<>> included_;
  bool stopped_ = false;
};

}  // namespace

bool is_builtin_include(std::string_view path) { return path.starts_with("TriggerLibs/"); }

std::string CompileResult::error_text() const {
  std::string text;
  for (const Diagnostic& d : diagnostics) text += files.describe(d.pos) + ": " + d.message + "\n";
  return text;
}

CompileResult compile(std::string_view file_name, std::string_view source, const CompileOptions& options) {
  CompileResult result;
  Diagnostics diagnostics(options.limits.max_errors);
  const Library& library = Library::builtin();
  if (!library.build_errors().empty()) {
    diagnostics.error({}, "internal error: the built-in library does not compile: " + library.build_errors());
  } else {
    const std::uint32_t main_file = result.files.add(std::string(file_name));
    FileSyntax syntax = parse_file(source, main_file, options.limits, diagnostics);
    std::vector<TopLevelDecl> declarations;
    IncludeExpander(options, result.files, diagnostics).expand(syntax, declarations);
    // Checking a file that failed to parse would only repeat its error in other words.
    if (diagnostics.empty()) {
      auto program = std::make_unique<Program>();
      program->files = result.files;
      if (check(declarations, library, options.limits, *program, diagnostics)) result.program = std::move(program);
    }
  }
  result.diagnostics = diagnostics.list();
  return result;
}

}  // namespace sc2::galaxy
