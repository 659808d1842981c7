#include "engine/mapfile/xml.h"

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

}  // namespace

void load(pugi::xml_document& document, const std::string& file, std::string_view text, const MapLimits& limits,
          const char* root) {
  if (text.size() > limits.max_xml_bytes) {
    throw MapError(file, std::to_string(text.size()) + " bytes of XML is over the limit of " +
                             std::to_string(limits.max_xml_bytes));
  }
  const pugi::xml_parse_result result =
      document.load_buffer(text.data(), text.size(), pugi::parse_default, pugi::encoding_auto);
  if (!result) {
    // Line and column of the offset pugixml reports.
    const std::size_t offset = std::min<std::size_t>(static_cast<std::size_t>(std::max<std::ptrdiff_t>(result.offset, 0)), text.size());
    std::size_t line = 1;
    std::size_t line_start = 0;
    for (std::size_t i = 0; i < offset; ++i) {
      if (text[i] == '\n') {
        ++line;
        line_start = i + 1;
      }
    }
    throw MapError(file, std::to_string(line) + ":" + std::to_string(offset - line_start + 1) +
                             ": bad XML: " + result.description());
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
