package old
