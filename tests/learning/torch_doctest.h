#pragma once
// Torch and doctest in one test file. c10's logging header defines CHECK as
// a one-argument glog-style macro, which hides doctest's; include this instead of either header
// so the doctest macro wins whatever the order of includes.
#include <torch/torch.h>

#include <doctest/doctest.h>

#undef CHECK
#define CHECK(...) DOCTEST_CHECK(__VA_ARGS__)
