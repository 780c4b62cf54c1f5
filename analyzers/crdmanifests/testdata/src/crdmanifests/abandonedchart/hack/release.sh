#!/bin/sh
# Packages the chart for a release.
helm package charts/shipped -d out/
