#include "engine/galaxy/arithmetic.h"

#include <cmath>
#include <cstdlib>
#include <limits>

namespace sc2::galaxy {

namespace {

constexpr std::int64_t kMaxRaw = std::numeric_limits<std::int32_t>::max();
constexpr std::uint64_t kFractionScale = 1'000'000'000'000'000ull;  // 10^15: the fraction digits read

std::int32_t wrap(std::int64_t v) {
  return static_cast<std::int32_t>(static_cast<std::uint32_t>(static_cast<std::uint64_t>(v)));
}

}  // namespace

std::optional<std::int32_t> fixed_from_decimal(std::string_view text) {
  // Integer part exactly; the fraction from its first 15 digits: enough to round to 1/4096
  // (half a step, 1/8192, has 13 decimals, so the digits after the 15th cannot move a value
  // across one), and 2 * fraction * 4096 stays below 2^64 (with 16 digits it would not).
  std::int64_t whole = 0;
  std::size_t i = 0;
  for (; i < text.size() && text[i] != '.'; ++i) {
    if (text[i] < '0' || text[i] > '9') return std::nullopt;
    whole = whole * 10 + (text[i] - '0');
    if (whole > kMaxRaw / kFixedOne) return std::nullopt;
  }
  std::uint64_t fraction = 0;
  std::uint64_t scale = 1;
  if (i < text.size()) {
    for (++i; i < text.size(); ++i) {
      if (text[i] < '0' || text[i] > '9') return std::nullopt;
      if (scale < kFractionScale) {
        fraction = fraction * 10 + static_cast<std::uint64_t>(text[i] - '0');
        scale *= 10;
      }
    }
  }
  // fraction / scale in 1/4096 steps, rounded half up: (2 * fraction * 4096 + scale) / (2 * scale).
  const std::uint64_t steps = (2 * fraction * kFixedOne + scale) / (2 * scale);
  const std::int64_t raw = whole * kFixedOne + static_cast<std::int64_t>(steps);
  if (raw > kMaxRaw) return std::nullopt;
  return static_cast<std::int32_t>(raw);
}

std::optional<std::int32_t> fixed_from_int(std::int64_t value) {
  const std::int64_t raw = value * kFixedOne;
  if (raw > kMaxRaw || raw < -kMaxRaw) return std::nullopt;
  return static_cast<std::int32_t>(raw);
}

std::string fixed_to_string(std::int32_t raw) {
  const bool negative = raw < 0;
  const std::int64_t value = raw;
  const auto magnitude = static_cast<std::uint64_t>(negative ? -value : value);
  std::string text = (negative ? "-" : "") + std::to_string(magnitude >> kFixedFractionBits);
  // 1/4096 = 0.000244140625 has 12 decimals, so 12 digits print any fraction exactly.
  std::uint64_t fraction = magnitude & (kFixedOne - 1);
  if (fraction != 0) {
    text += '.';
    while (fraction != 0) {
      fraction *= 10;
      text += static_cast<char>('0' + (fraction >> kFixedFractionBits));
      fraction &= kFixedOne - 1;
    }
  }
  return text;
}

std::int32_t int_add(std::int32_t a, std::int32_t b) { return wrap(std::int64_t{a} + b); }
std::int32_t int_subtract(std::int32_t a, std::int32_t b) { return wrap(std::int64_t{a} - b); }
std::int32_t int_multiply(std::int32_t a, std::int32_t b) { return wrap(std::int64_t{a} * b); }
std::int32_t int_negate(std::int32_t a) { return wrap(-std::int64_t{a}); }
std::int32_t int_divide(std::int32_t a, std::int32_t b) { return wrap(std::int64_t{a} / b); }
std::int32_t int_modulo(std::int32_t a, std::int32_t b) { return wrap(std::int64_t{a} % b); }

std::int32_t int_shift_left(std::int32_t a, std::int32_t count) {
  return static_cast<std::int32_t>(static_cast<std::uint32_t>(a) << (count & 31));
}

std::int32_t int_shift_right(std::int32_t a, std::int32_t count) {
  return a >> (count & 31);  // arithmetic on every compiler we build with (defined in C++20)
}

std::int32_t fixed_add(std::int32_t a, std::int32_t b) { return int_add(a, b); }
std::int32_t fixed_subtract(std::int32_t a, std::int32_t b) { return int_subtract(a, b); }
std::int32_t fixed_negate(std::int32_t a) { return int_negate(a); }
std::int32_t fixed_multiply(std::int32_t a, std::int32_t b) { return wrap(std::int64_t{a} * b / kFixedOne); }
std::int32_t fixed_divide(std::int32_t a, std::int32_t b) { return wrap(std::int64_t{a} * kFixedOne / b); }

std::int32_t fixed_from_int_wrapping(std::int32_t value) {
  return static_cast<std::int32_t>(static_cast<std::uint32_t>(value) << kFixedFractionBits);
}

std::int32_t fixed_from_double(double value) {
  if (std::isnan(value)) return 0;
  const double scaled = std::round(value * kFixedOne);  // halves away from zero
  if (scaled >= static_cast<double>(kMaxRaw)) return static_cast<std::int32_t>(kMaxRaw);
  if (scaled <= static_cast<double>(-kMaxRaw - 1)) return static_cast<std::int32_t>(-kMaxRaw - 1);
  return static_cast<std::int32_t>(scaled);
}

std::string fixed_to_text(std::int32_t raw, int decimals) {
  decimals = decimals < 0 ? 0 : decimals > 12 ? 12 : decimals;
  const bool negative = raw < 0;
  const std::int64_t value = raw;
  const auto magnitude = static_cast<std::uint64_t>(negative ? -value : value);
  std::uint64_t scale = 1;
  for (int i = 0; i < decimals; ++i) scale *= 10;
  // The fraction in units of 10^-decimals, rounded half up (fraction * scale stays below 2^53).
  std::uint64_t whole = magnitude >> kFixedFractionBits;
  std::uint64_t fraction = ((magnitude & (kFixedOne - 1)) * scale * 2 + kFixedOne) / (2 * kFixedOne);
  if (fraction == scale) {
    ++whole;
    fraction = 0;
  }
  std::string text = (negative && (whole != 0 || fraction != 0) ? "-" : "") + std::to_string(whole);
  if (decimals > 0) {
    const std::string digits = std::to_string(fraction);
    text += '.' + std::string(static_cast<std::size_t>(decimals) - digits.size(), '0') + digits;
  }
  return text;
}

}  // namespace sc2::galaxy
