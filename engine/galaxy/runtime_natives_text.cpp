// Runtime natives: strings and texts. Text is interned like strings (value.h); headless, it is
// only ever shown to a person, so these make a plain, readable text and nothing more: the map's
// strings come from the host (GameStrings.txt), a text expression's ~TOKEN~s are filled in.
#include <map>
#include <memory>
#include <utility>

#include "engine/galaxy/runtime.h"
#include "engine/galaxy/runtime_natives.h"

namespace sc2::galaxy {

namespace {

std::string_view external_text(Runtime& runtime, std::string_view key) {
  const std::optional<std::string_view> text = runtime.host().external_string(key);
  return text ? *text : key;
}

}  // namespace

void register_text_natives(NativeRegistry& r) {
  r.add("StringExternal", [](NativeCall& call) {
    const std::optional<std::string_view> text = call.runtime().host().external_string(call.string_arg(0));
    if (text) return call.return_text(*text);
    call.return_value(call.arg(0));  // the key itself: the same interned id
  });
  r.add("StringToText", [](NativeCall& call) { call.return_value(call.arg(0)); });
  r.add("IntToText", [](NativeCall& call) { call.return_text(std::to_string(call.int_arg(0))); });
  r.add("FixedToText", [](NativeCall& call) {  // a negative precision (c_fixedPrecisionAny): shortest exact form
    const std::int32_t precision = call.int_arg(1);
    call.return_text(precision < 0 ? fixed_to_string(call.fixed_raw_arg(0)) : fixed_to_text(call.fixed_raw_arg(0), precision));
  });

  // TextExpressionSetToken's values: (expression id, token) -> text. Keys are the script's
  // literals, so the map stays as small as the script. Assemble reuses one buffer: the
  // mini-games assemble a text every loop, which then allocates nothing.
  struct TextExpressions {
    std::map<std::pair<StringId, StringId>, StringId> tokens;
    std::string buffer;
  };
  auto expressions = std::make_shared<TextExpressions>();
  r.add("TextExpressionSetToken", [expressions](NativeCall& call) {
    auto& tokens = expressions->tokens;
    const std::pair<StringId, StringId> key{call.arg(0).as_id(), call.arg(1).as_id()};
    const std::uint32_t max_tokens = call.runtime().limits().max_text_tokens;
    if (tokens.size() >= max_tokens && !tokens.contains(key)) {
      return call.fail("more than " + std::to_string(max_tokens) + " text expression tokens");
    }
    tokens[key] = call.arg(2).as_id();
  });
  r.add("TextExpressionAssemble", [expressions](NativeCall& call) {
    Runtime& runtime = call.runtime();
    const StringId expression = call.arg(0).as_id();
    const std::string_view pattern = external_text(runtime, call.string_arg(0));
    call.charge(static_cast<std::int64_t>(pattern.size() / 32));  // scanned for ~TOKEN~s
    if (pattern.find('~') == std::string_view::npos) {
      return call.return_text(pattern);  // nothing to fill in (headless: the key itself)
    }
    const auto& tokens = expressions->tokens;
    const std::size_t max_bytes = runtime.limits().max_string_bytes;
    std::string& text = expressions->buffer;
    text.clear();
    for (std::size_t i = 0; i < pattern.size();) {
      if (text.size() > max_bytes) break;  // return_text refuses it; stop building it first
      const std::size_t open = pattern.find('~', i);
      const std::size_t close = open == std::string_view::npos ? open : pattern.find('~', open + 1);
      if (close == std::string_view::npos) {
        text.append(pattern.substr(i));
        break;
      }
      const std::optional<StringId> token = runtime.strings().find(pattern.substr(open + 1, close - open - 1));
      const auto it = token ? tokens.find({expression, *token}) : tokens.end();
      text.append(pattern.substr(i, open - i));
      if (it != tokens.end()) {
        text.append(runtime.strings().view(it->second));
      } else {
        text.append(pattern.substr(open, close - open + 1));
      }
      i = close + 1;
    }
    call.return_text(text);
  });
}

}  // namespace sc2::galaxy
