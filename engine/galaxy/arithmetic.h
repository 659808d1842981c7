#pragma once
// Galaxy's numbers. `int` is 32-bit two's complement; `fixed` is 32-bit fixed point with 12
// fraction bits (1/4096 steps, largest 524287.999755859375; SC2Mapster wiki "Types/Fixed").
// The constant folder and (later) the interpreter both use these, so a folded constant and a
// computed one are always the same value.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace sc2::galaxy {

inline constexpr int kFixedFractionBits = 12;
inline constexpr std::int32_t kFixedOne = 1 << kFixedFractionBits;

// "0.0625" or "120" or ".5" (decimal digits with at most one '.') -> raw fixed, rounded to the
// nearest 1/4096 (halves away from zero); nullopt when the value does not fit.
std::optional<std::int32_t> fixed_from_decimal(std::string_view text);
// An int as fixed; nullopt when |value| > 524287.
std::optional<std::int32_t> fixed_from_int(std::int64_t value);
// The exact decimal value of a raw fixed, shortest form: "0.0625", "-3", "1.5".
std::string fixed_to_string(std::int32_t raw);

// Wrapping int arithmetic (no undefined behaviour for any operands but a zero divisor).
std::int32_t int_add(std::int32_t a, std::int32_t b);
std::int32_t int_subtract(std::int32_t a, std::int32_t b);
std::int32_t int_multiply(std::int32_t a, std::int32_t b);
std::int32_t int_negate(std::int32_t a);
// Truncates toward zero; INT_MIN / -1 wraps to INT_MIN. `b` must not be 0.
std::int32_t int_divide(std::int32_t a, std::int32_t b);
// Sign of `a` (C's %); INT_MIN % -1 is 0. `b` must not be 0.
std::int32_t int_modulo(std::int32_t a, std::int32_t b);
// Shift counts use their low 5 bits (our choice: the real game's behaviour past 31 is
// unverified). Right shifts are arithmetic.
std::int32_t int_shift_left(std::int32_t a, std::int32_t count);
std::int32_t int_shift_right(std::int32_t a, std::int32_t count);

}  // namespace sc2::galaxy
