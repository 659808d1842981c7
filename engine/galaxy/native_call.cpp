#include "engine/galaxy/native_call.h"

#include "engine/galaxy/library.h"
#include "engine/galaxy/runtime.h"

namespace sc2::galaxy {

std::string_view NativeCall::name() const {
  return Library::builtin().functions()[static_cast<std::size_t>(function_)].name;
}

std::int64_t NativeCall::loop() const { return runtime_.loop(); }

std::string_view NativeCall::string_arg(std::uint32_t i) const { return runtime_.strings().view(args_[i].as_id()); }

const Order* NativeCall::order_arg(std::uint32_t i) const { return runtime_.orders().get(args_[i].as_id()); }

const UnitFilterSpec* NativeCall::unit_filter_arg(std::uint32_t i) const {
  return runtime_.unit_filters().get(args_[i].as_id());
}

void NativeCall::return_string(std::string_view text) {
  charge(static_cast<std::int64_t>(text.size() / 32));  // hashed, and copied when new
  if (text.size() > runtime_.limits().max_string_bytes) {
    return fail("a string of more than " + std::to_string(runtime_.limits().max_string_bytes) + " bytes");
  }
  const std::optional<StringId> id = runtime_.strings().intern(text);
  if (!id) {
    return fail("the script made more than " + std::to_string(runtime_.limits().max_string_table_bytes) +
                " bytes of strings");
  }
  result_ = Value::from_id(*id);
}

void NativeCall::return_order(const Order& order) {
  const std::optional<std::uint32_t> id = runtime_.orders().intern(order);
  if (!id) return fail("more than " + std::to_string(runtime_.limits().max_records) + " distinct orders");
  result_ = Value::from_id(*id);
}

void NativeCall::return_unit_filter(const UnitFilterSpec& filter) {
  const std::optional<std::uint32_t> id = runtime_.unit_filters().intern(filter);
  if (!id) return fail("more than " + std::to_string(runtime_.limits().max_records) + " distinct unit filters");
  result_ = Value::from_id(*id);
}

void NativeCall::fail(std::string message) {
  failed_ = true;
  failure_ = std::move(message);
}

NativeRegistry::NativeRegistry() : functions_(Library::builtin().functions().size()) {}

bool NativeRegistry::add(std::string_view name, NativeFunction function) {
  const std::int32_t index = Library::builtin().find_function(name);
  if (index < 0) return false;
  functions_[static_cast<std::size_t>(index)] = std::move(function);
  return true;
}

bool NativeRegistry::has(std::string_view name) const {
  const std::int32_t index = Library::builtin().find_function(name);
  return index >= 0 && static_cast<bool>(functions_[static_cast<std::size_t>(index)]);
}

std::vector<std::string> NativeRegistry::missing() const {
  std::vector<std::string> names;
  const auto& library = Library::builtin().functions();
  for (std::size_t i = 0; i < library.size(); ++i) {
    if (!functions_[i]) names.push_back(library[i].name);
  }
  return names;
}

}  // namespace sc2::galaxy
