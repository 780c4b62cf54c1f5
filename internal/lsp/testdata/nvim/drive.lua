-- Drives Neovim as a user would: open the demo's controller, wait for
-- opvet's diagnostics, apply the MergeFrom quick fix through
-- vim.lsp.buf.code_action, save, wait for the diagnostics of the saved
-- file. It writes what it saw to OPVET_OUT, one fact a line:
--   before|after <line> <check>   an opvet diagnostic
--   line <text>                   the fixed line
--   error <text>                  what went wrong
local out = assert(io.open(os.getenv('OPVET_OUT'), 'w'))
local function say(...)
  out:write(table.concat({ ... }, ' ') .. '\n')
  out:flush()
end
local function finish()
  out:close()
  vim.cmd('qall!')
end

-- No lsp.log in the user's cache directory (0.7 has no 'off' level).
vim.lsp.set_log_level(vim.log.levels.OFF and 'off' or 'error')

local function main()
  vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('OPVET_FILE')))
  local buf = vim.api.nvim_get_current_buf()
  local wait = tonumber(os.getenv('OPVET_WAIT_MS'))

  local function code(d)
    return d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
  end
  local function diagnostics()
    local found = {}
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      if d.source == 'opvet' then
        table.insert(found, d)
      end
    end
    return found
  end
  local function find(check)
    for _, d in ipairs(diagnostics()) do
      if code(d) == check then
        return d
      end
    end
  end

  if not vim.wait(wait, function() return find('mergefrom') ~= nil end, 100) then
    say('error', 'no mergefrom diagnostic within', wait, 'ms')
    return finish()
  end
  for _, d in ipairs(diagnostics()) do
    say('before', d.lnum + 1, code(d))
  end

  local mf = find('mergefrom')
  vim.api.nvim_win_set_cursor(0, { mf.lnum + 1, mf.col })
  local title = 'Take the patch base from a copy'
  local function wanted(action)
    return vim.startswith(action.title, title)
  end
  if vim.fn.has('nvim-0.8') == 1 then
    vim.lsp.buf.code_action({ filter = wanted, apply = true })
  else
    -- Neovim 0.7's code_action takes only a context: no filter, no apply.
    -- It offers the actions through vim.ui.select, which this helper
    -- answers with the fix, as a user picking it from the menu would.
    vim.ui.select = function(items, _, on_choice)
      for i, item in ipairs(items) do
        if wanted(item[2]) then
          return on_choice(item, i)
        end
      end
      say('error', 'no code action', title)
      on_choice(nil, nil)
    end
    vim.lsp.buf.code_action()
  end
  if not vim.wait(wait, function() return vim.bo[buf].modified end, 100) then
    say('error', 'the code action did not change the buffer')
    return finish()
  end
  say('line', vim.api.nvim_buf_get_lines(buf, mf.lnum, mf.lnum + 1, false)[1])

  vim.cmd('write')
  local gone = vim.wait(wait, function()
    return #diagnostics() > 0 and find('mergefrom') == nil
  end, 100)
  if not gone then
    say('error', 'the mergefrom diagnostic stayed after the save')
  end
  for _, d in ipairs(diagnostics()) do
    say('after', d.lnum + 1, code(d))
  end
  finish()
end

-- An error must end Neovim too, or the test would wait for it.
local ok, err = xpcall(main, debug.traceback)
if not ok then
  say('error', (tostring(err):gsub('\n', ' | ')))
  finish()
end
