#include "engine/mapfile/xml.h"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "engine/mapfile/map_error.h"

namespace sc2::engine::mapfile::xml {
namespace {

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

std::string quoted(std::string_view text) {
  return "'" + std::string(text.substr(0, 64)) + (text.size() > 64 ? "...'" : "'");
}

// Line and column of a byte offset, for messages.
std::string position_of(std::string_view text, std::size_t offset) {
  offset = std::min(offset, text.size());
  std::size_t line = 1;
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < offset; ++i) {
    if (text[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  }
  return std::to_string(line) + ":" + std::to_string(offset - line_start + 1);
}

bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
         c == '.' || c == ':';
}

// The offset of the first entity reference XML does not define itself (&lt; &gt; &amp;
// &apos; &quot; and character references are fine), outside comments and CDATA; npos when
// there is none. Such a reference needs a DTD's declaration, and a map's XML has no DTD.
std::size_t undeclared_entity(std::string_view text) {
  static constexpr std::string_view kPredefined[] = {"lt", "gt", "amp", "apos", "quot"};
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text.compare(i, 4, "<!--") == 0) {
      i = text.find("-->", i + 4);
      if (i == std::string_view::npos) return std::string_view::npos;  // the parser reports it
      continue;
    }
    if (text.compare(i, 9, "<![CDATA[") == 0) {
      i = text.find("]]>", i + 9);
      if (i == std::string_view::npos) return std::string_view::npos;
      continue;
    }
    if (text[i] != '&') continue;
    std::size_t end = i + 1;
    while (end < text.size() && end - i <= 32 && is_name_char(text[end])) ++end;
    if (end >= text.size() || text[end] != ';') continue;  // a stray '&': the parser's concern
    const std::string_view name = text.substr(i + 1, end - i - 1);
    if (!name.empty() && name[0] == '#') continue;
    bool predefined = false;
    for (const std::string_view known : kPredefined) predefined = predefined || name == known;
    if (!predefined) return i;
  }
  return std::string_view::npos;
}

// Refused before parsing: a DTD (it declares entities, the classic way to make a small file
// expand into gigabytes or read other files; pugixml would skip it, but a map's XML never
// has one), references to undeclared entities, and more elements than the limit.
void check_before_parsing(const std::string& file, std::string_view text, const MapLimits& limits) {
  if (text.size() > limits.max_xml_bytes) {
    throw MapError(file, std::to_string(text.size()) + " bytes of XML is over the limit of " +
                             std::to_string(limits.max_xml_bytes));
  }
  for (const std::string_view declaration : {"<!DOCTYPE", "<!ENTITY"}) {
    if (const std::size_t at = text.find(declaration); at != std::string_view::npos) {
      throw MapError(file, position_of(text, at) + ": a DTD or entity declaration (" + std::string(declaration) +
                               ") is not allowed in a map's XML");
    }
  }
  if (const std::size_t at = undeclared_entity(text); at != std::string_view::npos) {
    throw MapError(file, position_of(text, at) + ": the entity reference " +
                             quoted(text.substr(at, text.find(';', at) + 1 - at)) +
                             " is not one XML defines (a map's XML declares no entities)");
  }
  const auto elements = static_cast<std::size_t>(std::count(text.begin(), text.end(), '<'));
  if (elements > limits.max_xml_elements) {
    throw MapError(file, "more than " + std::to_string(limits.max_xml_elements) + " elements (" +
                             std::to_string(elements) + " '<'), over the limit");
  }
}

}  // namespace

void load(pugi::xml_document& document, const std::string& file, std::string_view text, const MapLimits& limits,
          const char* root) {
  check_before_parsing(file, text, limits);
  const pugi::xml_parse_result result =
      document.load_buffer(text.data(), text.size(), pugi::parse_default | pugi::parse_doctype, pugi::encoding_utf8);
  if (!result) {
    const auto offset = static_cast<std::size_t>(std::max<std::ptrdiff_t>(result.offset, 0));
    throw MapError(file, position_of(text, offset) + ": bad XML: " + result.description());
  }
  for (const pugi::xml_node node : document.children()) {
    if (node.type() == pugi::node_doctype) throw MapError(file, "a DTD is not allowed in a map's XML");
  }
  const pugi::xml_node top = document.document_element();
  if (std::string_view(top.name()) != root) {
    throw MapError(file, "the root element is <" + std::string(top.name()) + ">, expected <" + root + ">");
  }
}

float number(const std::string& file, const std::string& what, std::string_view text) {
  const std::string_view trimmed = trim(text);
  double value = 0;
  const auto [end, error] = std::from_chars(trimmed.data(), trimmed.data() + trimmed.size(), value);
  if (trimmed.empty() || error != std::errc() || end != trimmed.data() + trimmed.size()) {
    throw MapError(file, what + ": " + quoted(text) + " is not a number");
  }
  if (!std::isfinite(value) || std::fabs(value) > 1e7) {
    throw MapError(file, what + ": " + quoted(text) + " is not a finite number within +-1e7");
  }
  return static_cast<float>(value);
}

std::vector<float> numbers(const std::string& file, const std::string& what, std::string_view text,
                           std::size_t min_count, std::size_t max_count) {
  std::vector<float> values;
  std::string_view rest = text;
  for (;;) {
    const std::size_t comma = rest.find(',');
    if (values.size() == max_count) {
      throw MapError(file, what + ": " + quoted(text) + " has more than " + std::to_string(max_count) + " numbers");
    }
    values.push_back(number(file, what, rest.substr(0, comma)));
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 1);
  }
  if (values.size() < min_count) {
    throw MapError(file, what + ": " + quoted(text) + " has " + std::to_string(values.size()) +
                             " numbers, expected at least " + std::to_string(min_count));
  }
  return values;
}

long long integer(const std::string& file, const std::string& what, std::string_view text, long long min,
                  long long max) {
  const std::string_view trimmed = trim(text);
  long long value = 0;
  const auto [end, error] = std::from_chars(trimmed.data(), trimmed.data() + trimmed.size(), value);
  if (trimmed.empty() || error != std::errc() || end != trimmed.data() + trimmed.size() || value < min ||
      value > max) {
    throw MapError(file, what + ": " + quoted(text) + " is not a whole number " + std::to_string(min) + ".." +
                             std::to_string(max));
  }
  return value;
}

}  // namespace sc2::engine::mapfile::xml
