@echo off
rem zdict: runs the zdict command line tool of this installation.
rem Needs Java 17 or newer (JAVA_HOME, or java on the PATH) and nothing else: no Maven, no network.
rem Writes nothing inside the installation; "zdict demo" writes under the working folder.
rem Extra JVM options: ZDICT_JAVA_OPTS (for example set ZDICT_JAVA_OPTS=-Xmx2g).
setlocal
set "ZDICT_INSTALL=%~dp0.."
if defined JAVA_HOME (
    set "JAVA_CMD=%JAVA_HOME%\bin\java.exe"
) else (
    set "JAVA_CMD=java"
)
rem ZDICT_HOME marks a source tree; an installation is not one.
set ZDICT_HOME=
"%JAVA_CMD%" --enable-native-access=ALL-UNNAMED %ZDICT_JAVA_OPTS% "-Dzdict.command=%~f0" -cp "%ZDICT_INSTALL%\lib\*" org.zdict.cli.ZdictCommand %*
exit /b %ERRORLEVEL%
