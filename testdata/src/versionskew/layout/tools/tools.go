package tools
